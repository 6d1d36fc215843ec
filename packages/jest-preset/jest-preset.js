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
  testTimeout: 20_000,
};

export default preset;
