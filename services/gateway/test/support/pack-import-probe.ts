// Run as a child process by pack-imports.test.ts: `<package> <export> [<env as JSON>]` imports a
// pack's module as the gateway does and, given an environment, builds the pack from it and closes
// it; then prints every package imported meanwhile.
import { recordLoadedPackages, reportLoadedPackages } from '@toolgate/test-support/loaded-packages';

const [packageName, exportName, env] = process.argv.slice(2) as [string, string, string?];
const loaded = recordLoadedPackages();
const module = (await import(packageName))[exportName];
if (module === undefined) throw new Error(`${packageName} exports no ${exportName}`);
if (env !== undefined) {
  // A logger that says nothing: the real one (core's server entry) would load what is watched.
  const silent: object = new Proxy({}, { get: (_, name) => (name === 'child' ? () => silent : () => {}) });
  const built = await module.create(module.envSchema.parse(JSON.parse(env)), { logger: silent });
  if (!built?.pack) throw new Error(`${exportName}.create built no pack`);
  await built.close?.();
}
reportLoadedPackages(loaded);
// A Redis that never answers (the test's REDIS_URL) leaves nothing here that should keep the process up.
process.exit(0);
