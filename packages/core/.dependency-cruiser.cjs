// The import-graph check of packages/core: no circles, and no import that runs back up the floors
// import-floors.cjs lays out. `pnpm --filter @toolgate/core test` runs it (test/import-graph.test.ts);
// `npx depcruise src` in packages/core prints the same verdict.
const { FLOORS, ALLOWED_UPWARD } = require('./import-floors.cjs');

const above = (index) => FLOORS.slice(index + 1).flatMap((floor) => floor.paths);
const earlier = (index) => FLOORS.slice(0, index).flatMap((floor) => floor.paths);

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'no import circles in packages/core', from: { path: '^src/' }, to: { circular: true } },
    {
      name: 'every-file-on-a-floor',
      severity: 'error',
      comment: 'every source file of core stands on one of the floors (add it to FLOORS)',
      from: { path: '^src/', pathNot: FLOORS.flatMap((floor) => floor.paths) },
      to: {},
    },
    ...FLOORS.slice(0, -1).map((floor, index) => ({
      name: `no-upward-from-${floor.name.replace(/ /g, '-')}`,
      severity: 'error',
      comment: `${floor.name} imports only its own floor and those below it`,
      // A file matched by an earlier floor's pattern is on that floor, not this one.
      from: { path: floor.paths, pathNot: [...earlier(index), ...ALLOWED_UPWARD.map((allowed) => `^${allowed.from}$`)] },
      to: { path: above(index), pathNot: [...FLOORS.slice(0, index + 1).flatMap((below) => below.paths)] },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    exclude: { path: '[.]test[.]ts$' },
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
  },
};
