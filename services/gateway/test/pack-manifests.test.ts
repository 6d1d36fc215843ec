import { fileURLToPath } from 'node:url';
import { readManifests } from '@toolgate/pack-tools';
import { upstreamEnvShape } from '@toolgate/upstream';
import { packModules } from '../src/pack-modules.ts';

// Each pack's manifest (the toolgate block of services/<pack>/package.json) against the module it
// names: what `pnpm packs:sync` writes into compose, Kubernetes and .env.example must be what the
// pack really reads.
const manifests = readManifests(fileURLToPath(new URL('../../../', import.meta.url)));
const SHARED = new Set(Object.keys(upstreamEnvShape)); // read by every pack; documented with the server's

describe.each(manifests.map((manifest) => [manifest.name, manifest] as const))('the %s manifest', (name, manifest) => {
  it('names the module the gateway serves, with its name and port', async () => {
    const exported = (await import(manifest.packageName))[manifest.module];
    expect(exported).toBeDefined();
    expect(packModules).toContain(exported);
    expect([exported.name, exported.defaultPort]).toEqual([name, manifest.port]);
  });

  it('lists exactly the variables its env schema reads (besides the shared upstream ones)', async () => {
    const module = packModules.find((candidate) => candidate.name === name)!;
    const own = Object.keys(module.envSchema.shape).filter((variable) => !SHARED.has(variable));
    expect(manifest.env.map((variable) => variable.name).sort()).toEqual(own.sort());
  });
});
