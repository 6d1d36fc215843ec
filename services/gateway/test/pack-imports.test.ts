import { fileURLToPath } from 'node:url';
import { readManifests } from '@toolgate/pack-tools';
import { freePort, packagesLoadedBy } from '@toolgate/test-support';
import { packModules } from '../src/pack-modules.ts';

// Importing a pack loads no HTTP server, tracing or Redis; building one loads Redis only when its
// shared store is configured (REDIS_URL). Each pack is imported as the gateway imports it (the
// module its manifest names, which `pnpm packs:sync` writes into src/pack-modules.ts), each in a
// fresh process, which prints every package loaded meanwhile.
const SERVER_PACKAGES = /^(express|@opentelemetry\/.*|prom-client|ioredis)$/;
const probe = fileURLToPath(new URL('./support/pack-import-probe.ts', import.meta.url));
const manifests = readManifests(fileURLToPath(new URL('../../../', import.meta.url)));
const serverOf = (loaded: string[]) => loaded.filter((name) => SERVER_PACKAGES.test(name));

it('watches every pack the gateway serves', () => {
  expect(manifests.length).toBe(packModules.length);
});

describe.each(manifests.map((manifest) => [manifest.name, manifest] as const))('the %s pack', (_, { packageName, module }) => {
  it('loads no express, OpenTelemetry, prom-client or ioredis when imported', async () => {
    expect(serverOf(await packagesLoadedBy(probe, packageName, module))).toEqual([]);
  }, 60_000);

  it('loads none of them either when built without REDIS_URL', async () => {
    expect(serverOf(await packagesLoadedBy(probe, packageName, module, '{}'))).toEqual([]);
  }, 60_000);

  it('loads ioredis (and still no server) when built with REDIS_URL, if it shares a store', async () => {
    const { envSchema } = (await import(packageName))[module];
    const sharesStore = 'REDIS_URL' in envSchema.shape;
    // Nothing listens there: the connection is tried in the background and closed with the pack.
    const env = JSON.stringify({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    expect(serverOf(await packagesLoadedBy(probe, packageName, module, env))).toEqual(sharesStore ? ['ioredis'] : []);
  }, 60_000);
});

describe("the probe, on core's server entry point", () => {
  it('sees express, OpenTelemetry, prom-client and ioredis (so the empty lists above mean something)', async () => {
    const loaded = serverOf(await packagesLoadedBy(probe, '@toolgate/core/server', 'startServer'));
    expect(loaded).toEqual(expect.arrayContaining(['express', 'prom-client', 'ioredis']));
    expect(loaded.some((name) => name.startsWith('@opentelemetry/'))).toBe(true);
  }, 60_000);
});
