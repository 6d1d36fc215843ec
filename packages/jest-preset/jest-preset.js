// Every package's jest config starts from this: TypeScript sources are transformed by swc
// into native ESM (run with --experimental-vm-modules), so tests load the code as Node does.
const preset = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
      },
    ],
  },
  testMatch: ['<rootDir>/{src,test}/**/*.test.ts'],
  // A hang guard, not a speed limit: no test here asserts how long anything takes (a loaded
  // machine may take minutes where a quiet one takes seconds); a test that hangs still fails.
  testTimeout: 120_000,
};

export default preset;
