import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startServer, type RunningServer } from '@toolgate/core/server';
import { packModules } from '../src/index.ts';
import { echoModule } from './fixtures/echo-module.ts';
import { shapesModule } from './fixtures/shapes-pack.ts';
import { fuzzPacks } from './fuzz/fuzz-packs.ts';
import { startUpstreamStub, upstreamEnv } from './support/upstream-stub.ts';

// Reproducible: the same seed sends the same requests. TOOLGATE_FUZZ_SEED picks another run.
const SEED = Number(process.env.TOOLGATE_FUZZ_SEED ?? 20_260_728);
const CASES_PER_PACK = 1_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

describe('fuzzing the all-in-one gateway with hostile requests', () => {
  // Every pack the gateway serves, plus core's echo pack and a fixture covering argument shapes.
  const modules = [echoModule, shapesModule, ...packModules];
  const segments = modules.map((module) => module.name);
  let gateway: RunningServer;
  let stub: Awaited<ReturnType<typeof startUpstreamStub>>;

  beforeAll(async () => {
    stub = await startUpstreamStub();
    gateway = await startServer({ service: 'fuzz', modules, defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', ...upstreamEnv(stub.url) } });
  });
  afterAll(async () => {
    await gateway?.close();
    await stub?.close();
  });

  // About 15,700 requests over seven packs (the fixed cases of every tool, topped up to 1,000 a
  // pack): about 90 s of node on two cores with one kept busy, about twice that inside jest's VM.
  // The limit only catches a hang: nothing here is timed.
  it(`answers ≥${CASES_PER_PACK} hostile requests per pack with well-formed JSON-RPC below 500, and gives the memory back`, async () => {
    // A warm-up pass first, so lazy initialisation and JIT code do not count as growth.
    await fuzzPacks(gateway.url, segments, { seed: SEED + 1, casesPerPack: 150 });
    const baseline = heapUsed();

    const reports = await fuzzPacks(gateway.url, segments, { seed: SEED, casesPerPack: CASES_PER_PACK });
    const growth = heapUsed() - baseline;

    expect(reports.flatMap((report) => report.failures).slice(0, 30)).toEqual([]);
    for (const report of reports) {
      expect(report.cases).toBeGreaterThanOrEqual(CASES_PER_PACK);
      expect(Object.keys(report.statuses).every((status) => Number(status) < 500)).toBe(true);
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.prototype).not.toHaveProperty('isAdmin');
    // The gateway still serves a plain call afterwards.
    const health = await fetch(`${gateway.url}/healthz`);
    expect(health.status).toBe(200);
    expect(growth).toBeLessThan(24 * 1024 * 1024);
    process.stdout.write(
      `fuzz (seed ${SEED}): ${reports.map((report) => `${report.segment} ${report.cases} cases ${JSON.stringify(report.statuses)}`).join('; ')}; heap growth ${(growth / 1048576).toFixed(1)} MiB\n`,
    );
  }, 600_000);
});
