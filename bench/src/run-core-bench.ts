import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseBenchEnv } from './bench-config.ts';
import { callOnce } from './call-once.ts';
import { servingPathChart } from './chart.ts';
import { CHART_PATH, coreSection, machineLine, replaceSection, replaceSummary, summaryRows } from './docs-section.ts';
import { measureRound, summarize, warmUp, type LoadSettings, type RoundFigures } from './load.ts';
import { computeRatios, markdownReport, rowOf } from './report.ts';
import { SOCRATES_QUOTE } from './quote-tool.ts';
import { MCP_PATH, SCENARIOS, requestFor, type Scenario } from './scenarios.ts';
import { spawnServer, type ServerProcess } from './spawn-server.ts';

/**
 * `pnpm bench`: the core serving path against its baselines. Every server runs in its own
 * process; only one is under load at any time. The measured time is split into rounds that
 * take turns (A B C … A B C …), so a background load that comes and goes on a shared machine
 * falls on every server alike instead of on whichever one happened to be running.
 */
async function startChecked(scenario: Scenario): Promise<ServerProcess> {
  const server = await spawnServer(scenario.server);
  // A server that answers wrongly would make its figures meaningless: check before measuring.
  const answer = await callOnce(server.url + MCP_PATH, requestFor(scenario)).catch((error: unknown) => ({ status: 0, message: String(error) }));
  const quote = (answer.message as { result?: { structuredContent?: { id?: unknown } } }).result?.structuredContent?.id;
  if (answer.status !== 200 || quote !== SOCRATES_QUOTE.id) {
    await server.stop();
    throw new Error(`${scenario.name} answered ${answer.status} ${JSON.stringify(answer.message)}`);
  }
  return server;
}

async function run(scenarios: Scenario[], settings: LoadSettings) {
  const servers: ServerProcess[] = [];
  try {
    for (const scenario of scenarios) servers.push(await startChecked(scenario));
    for (const [index, scenario] of scenarios.entries()) {
      process.stderr.write(`warming up ${scenario.name} (pid ${servers[index]!.pid})…\n`);
      await warmUp(servers[index]!.url + MCP_PATH, requestFor(scenario), settings, servers[index]!.cpuMicros);
    }
    const rounds: RoundFigures[][] = scenarios.map(() => []);
    for (let round = 1; round <= settings.rounds; round++) {
      process.stderr.write(`round ${round} of ${settings.rounds}\n`);
      for (const [index, scenario] of scenarios.entries()) {
        const server = servers[index]!;
        const figures = await measureRound(server.url + MCP_PATH, requestFor(scenario), settings.connections, settings.durationSeconds / settings.rounds, server.cpuMicros);
        if (figures.failures > 0) throw new Error(`${scenario.name}: ${figures.failures} of ${figures.requests} requests failed under load`);
        rounds[index]!.push(figures);
      }
    }
    // Then each server at the same fixed offered load: latency where none is saturated (a
    // server that cannot keep up shows it in its achieved req/s).
    const atFixedLoad: RoundFigures[] = [];
    if (settings.fixedRate) {
      process.stderr.write(`fixed load: ${settings.fixedRate} req/s for ${settings.fixedSeconds} s each\n`);
      for (const [index, scenario] of scenarios.entries()) {
        const server = servers[index]!;
        atFixedLoad.push(await measureRound(server.url + MCP_PATH, requestFor(scenario), settings.connections, settings.fixedSeconds ?? 5, server.cpuMicros, settings.fixedRate));
      }
    }
    return scenarios.map((scenario, index) => rowOf(scenario, summarize(rounds[index]!), atFixedLoad[index] && summarize([atFixedLoad[index]])));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function main(): Promise<void> {
  const config = parseBenchEnv(process.env);
  const settings: LoadSettings = {
    connections: config.BENCH_CONNECTIONS,
    warmupSeconds: config.BENCH_WARMUP_S,
    durationSeconds: config.BENCH_DURATION_S,
    rounds: config.BENCH_ROUNDS,
    fixedRate: config.BENCH_FIXED_RATE,
    fixedSeconds: config.BENCH_FIXED_S,
  };
  const scenarios = config.BENCH_ONLY ? SCENARIOS.filter(({ name }) => config.BENCH_ONLY!.includes(name)) : SCENARIOS;
  const loadAverageAtStart = os.loadavg()[0]!;
  const rows = await run(scenarios, settings);
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

  // Only a run of every server rewrites the docs; a BENCH_ONLY run is for looking at one thing.
  if (!config.BENCH_ONLY) {
    const facts = { date: results.date, node: process.version, cpus: results.machine.cpus, cpuModel: results.machine.cpuModel, loadAverageAtStart, loadAverageAtEnd: os.loadavg()[0]!, settings, rows, ratios };
    const docs = new URL('../../docs/benchmarks.md', import.meta.url);
    const existing = await readFile(docs, 'utf8').catch(() => '# Benchmarks\n');
    await writeFile(docs, replaceSummary(replaceSection(existing, coreSection(facts)), summaryRows(facts)));
    const chart = new URL(`../../${CHART_PATH}`, import.meta.url);
    await mkdir(new URL('./', chart), { recursive: true });
    await writeFile(chart, servingPathChart(rows, `${machineLine(facts)}; ${settings.connections} connections`));
    process.stdout.write(`docs: ${docs.pathname} (section "Serving path", summary rows) and ${chart.pathname}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
