import preset from '@toolgate/jest-preset/jest-preset';

// `pnpm test:compose`: the real compose stack (needs a Docker engine). Steps share one stack,
// in order; run.sh bounds the whole run and removes the project even if jest is killed.
export default { ...preset, testMatch: ['<rootDir>/compose/**/*.test.ts'], testTimeout: 60_000, maxWorkers: 1 };
