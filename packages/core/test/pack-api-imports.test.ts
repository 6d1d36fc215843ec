import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// A pack imports `@toolgate/core` for defineTool and its kin: that must not load the server
// (express), tracing (OpenTelemetry, or prom-client, which loads its API) or Redis (ioredis).
const probe = fileURLToPath(new URL('./support/pack-api-probe.ts', import.meta.url));

async function packagesLoadedBy(entry: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [probe, entry], { timeout: 45_000 });
  return JSON.parse(stdout) as string[];
}

describe("the pack author's entry point", () => {
  it('loads zod and nothing of the server: no express, OpenTelemetry, prom-client or ioredis', async () => {
    expect(await packagesLoadedBy('../../src/pack-api.ts')).toEqual(['zod']);
  }, 60_000);

  it("is told apart from the server's entry point, which loads them (so the empty list above means something)", async () => {
    const loaded = await packagesLoadedBy('../../src/index.ts');
    expect(loaded).toEqual(expect.arrayContaining(['express', 'ioredis', 'prom-client', 'zod']));
  }, 60_000);
});
