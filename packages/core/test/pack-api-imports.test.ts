import { fileURLToPath } from 'node:url';
import { packagesLoadedBy } from '@toolgate/test-support';

// A pack imports `@toolgate/core` for defineTool and its kin, and `@toolgate/upstream`, which
// imports `@toolgate/core/upstream`: neither may load the server (express), tracing (OpenTelemetry,
// or prom-client, which loads its API) or Redis (ioredis). Each pack's own import is watched in
// services/gateway/test/pack-imports.test.ts.
const probe = (name: string) => fileURLToPath(new URL(`./support/${name}`, import.meta.url));

describe("the pack author's entry point", () => {
  it('loads zod and nothing of the server: no express, OpenTelemetry, prom-client or ioredis', async () => {
    expect(await packagesLoadedBy(probe('pack-api-probe.ts'), '../../src/pack-api.ts')).toEqual(['zod']);
  }, 60_000);

  it("is told apart from the server's entry point, which loads them (so the empty list above means something)", async () => {
    const loaded = await packagesLoadedBy(probe('pack-api-probe.ts'), '../../src/index.ts');
    expect(loaded).toEqual(expect.arrayContaining(['express', 'ioredis', 'prom-client', 'zod']));
  }, 60_000);
});

describe("the upstream client's entry point (@toolgate/core/upstream)", () => {
  it('loads zod and rate-limiter-flexible (its in-memory limiter), nothing of the server', async () => {
    expect(await packagesLoadedBy(probe('upstream-api-probe.ts'))).toEqual(['rate-limiter-flexible', 'zod']);
  }, 60_000);
});
