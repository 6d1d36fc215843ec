import preset from '@toolgate/jest-preset/jest-preset';

// `pnpm test:swarm`: the Docker Swarm stack for real (needs a Docker engine). Steps share one
// stack, in order; swarm/run.sh bounds the whole run, makes the swarm when there is none, and
// removes the stack (and leaves the swarm it made) even if jest is killed.
export default { ...preset, testMatch: ['<rootDir>/swarm/**/*.test.ts'], testTimeout: 60_000, maxWorkers: 1 };
