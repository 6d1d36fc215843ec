import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseBenchEnv } from './bench-config.ts';
import { callOnce } from './call-once.ts';
import { measure, type LoadSettings } from './load.ts';
import { computeRatios, markdownReport, rowOf, type MeasuredRow } from './report.ts';
import { MCP_PATH, SCENARIOS, requestFor, type Scenario } from './scenarios.ts';
import { spawnServer } from './spawn-server.ts';

/**
 * `pnpm bench`: the core serving path against its baselines. Servers are measured one after
 * another, each in a fresh process and after its own warm-up, so none shares the CPU with another.
 */
async function measureScenario(scenario: Scenario, settings: LoadSettings): Promise<MeasuredRow> {
  const server = await spawnServer(scenario.server);
  try {
    const url = server.url + MCP_PATH;
    const request = requestFor(scenario);
    // A server that answers wrongly would make its figures meaningless: check before measuring.
    const answer = await callOnce(url, request);
    const sum = (answer.message as { result?: { structuredContent?: { sum?: unknown } } }).result?.structuredContent?.sum;
    if (answer.status !== 200 || sum !== 5) throw new Error(`${scenario.name} answered ${answer.status} ${JSON.stringify(answer.message)}`);
    process.stderr.write(`measuring ${scenario.name} (pid ${server.pid})…\n`);
    const figures = await measure(url, request, settings);
    if (figures.failures > 0) throw new Error(`${scenario.name}: ${figures.failures} of ${figures.requests} requests failed under load`);
    return rowOf(scenario, figures);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const config = parseBenchEnv(process.env);
  const settings: LoadSettings = {
    connections: config.BENCH_CONNECTIONS,
    warmupSeconds: config.BENCH_WARMUP_S,
    durationSeconds: config.BENCH_DURATION_S,
  };
  const scenarios = config.BENCH_ONLY ? SCENARIOS.filter(({ name }) => config.BENCH_ONLY!.includes(name)) : SCENARIOS;
  const rows: MeasuredRow[] = [];
  for (const scenario of scenarios) rows.push(await measureScenario(scenario, settings));
  const ratios = computeRatios(rows);

  const results = {
    benchmark: 'core-serving-path',
    date: new Date().toISOString(),
    node: process.version,
    machine: { platform: `${os.platform()} ${os.arch()}`, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadAverage: os.loadavg() },
    settings,
    rows,
    ratios,
  };
  const directory = new URL('../results/', import.meta.url);
  await mkdir(directory, { recursive: true });
  const file = new URL(`core-serving-${results.date.replace(/[:.]/g, '-')}.json`, directory);
  await writeFile(file, JSON.stringify(results, null, 2) + '\n');
  process.stdout.write(`${markdownReport(rows, ratios, settings, process.version)}\n\nresults: ${file.pathname}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
