// Hostile servers (issue 37): the all-in-one gateway serving the quotes pack beside fronted MCP
// servers, two of them in one run: one fronting a calm server only (the baseline), one fronting
// it and every hostile server of packages/test-support/src/hostile. Rounds alternate: the baseline
// probed while the hostile servers rest, then the other probed while they do their worst, so a
// machine that gets busier or quieter weighs on both alike. Probes /healthz and quotes'
// random_quote one at a time throughout; reports p50, p99 and the worst of each, and each
// gateway's peak resident memory. Not part of `pnpm test`:
//   pnpm --filter @toolgate/gateway bench:hostile   (BENCH_HOSTILE_ROUNDS, default 4, of BENCH_HOSTILE_SECONDS, default 10)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { endlessEvent, freePort, hostileStdioServer, nestedSchema, startHostileHttpServer, tool, until, type HostileHttpServer } from '@toolgate/test-support';

const SECONDS = Number(process.env.BENCH_HOSTILE_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_HOSTILE_ROUNDS ?? 4);
const MB = 1024 * 1024;
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const LIST_CHANGED = 'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n';

interface Gateway {
  url: string;
  child: ChildProcess;
  peakRssMiB(): number;
  /** CPU time the gateway process has used so far (user and system), in seconds. */
  cpuSeconds(): number;
  eventLoopDelay(): Promise<{ p50: number; p99: number; worst: number }>;
}

async function startGateway(servers: Record<string, unknown>): Promise<Gateway> {
  const directory = mkdtempSync(join(tmpdir(), 'toolgate-bench-hostile-'));
  const file = join(directory, 'mcp.json');
  const eldFile = join(directory, 'event-loop-delay.json');
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  const port = await freePort();
  // LOG_LEVEL=error: the hostile servers' warnings would otherwise be most of what it does.
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_OPTIONS: `--import ${ELD} ${process.env.BENCH_GATEWAY_NODE_OPTIONS ?? ''}`,
      BENCH_ELD_FILE: eldFile,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error', LOG_FORMAT: 'json', TOOLGATE_PACKS: ['quotes', ...Object.keys(servers)].join(','), MCP_SERVERS_FILE: file },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  await until(async () => {
    if (exited) throw new Error('the gateway exited before listening');
    return fetch(`${url}/healthz`).then((response) => response.ok, () => false);
  }, 120_000);
  const peakRssMiB = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat (12 and 13 after the command), in clock ticks (100 Hz).
  const cpuSeconds = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  /** The gateway's event loop delay since the last call (event-loop-delay.ts), in ms. */
  const eventLoopDelay = async () => {
    rmSync(eldFile, { force: true });
    child.kill('SIGUSR2');
    await until(() => existsSync(eldFile), 10_000);
    await sleep(20);
    return JSON.parse(readFileSync(eldFile, 'utf8')) as { p50: number; p99: number; worst: number };
  };
  return { url, child, peakRssMiB, cpuSeconds, eventLoopDelay };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function summary(times: number[]): { p50: number; p99: number; worst: number; count: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), worst: sorted.at(-1)!, count: sorted.length };
}

const PROBE = fileURLToPath(new URL('./latency-probe.ts', import.meta.url));
const ELD = fileURLToPath(new URL('./event-loop-delay.ts', import.meta.url));

/** Probes the gateway for `seconds` from a process of its own (latency-probe.ts); and the CPU the gateway used meanwhile. */
async function measure(gateway: Gateway, seconds: number): Promise<{ healthz: number[]; call: number[]; cpu: number; delayP99: number }> {
  await gateway.eventLoopDelay();
  const cpuBefore = gateway.cpuSeconds();
  const probe = spawn(process.execPath, [PROBE, gateway.url], { env: { PATH: process.env.PATH, BENCH_PROBE_SECONDS: String(seconds) }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  probe.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(probe, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the probe failed (${code})`);
  const { healthz, call } = JSON.parse(output) as { healthz: number[]; call: number[] };
  const cpu = gateway.cpuSeconds() - cpuBefore;
  return { healthz, call, cpu, delayP99: (await gateway.eventLoopDelay()).p99 };
}

/** Every hostile server of issue 37, and what keeps each doing its worst while `active()`. */
async function hostileServers(active: () => boolean) {
  const http: HostileHttpServer[] = [];
  const start = async (behaviour: Parameters<typeof startHostileHttpServer>[0]) => {
    const server = await startHostileHttpServer(behaviour);
    http.push(server);
    return server;
  };
  const huge = Buffer.from(JSON.stringify({ tools: Array.from({ length: 10_000 }, (_, index) => tool(`tool_${index}`, { description: 'x'.repeat(5_000) })) }));
  const storms = await Promise.all(Array.from({ length: 12 }, () => start({ list: () => ({ tools: [tool('changing')] }), stream: () => undefined })));
  const servers: Record<string, unknown> = {
    huge: { url: (await start({ list: () => huge })).url },
    deep: { url: (await start({ list: () => ({ tools: [tool('fine'), tool('abyss', { inputSchema: nestedSchema(1_500) })] }) })).url },
    endless: { url: (await start({ list: () => ({ tools: [tool('endless')] }), call: (_request, response) => void endlessEvent(response, 200 * MB) })).url },
    noisy: { command: process.execPath, args: [hostileStdioServer('stderr-flood-server')], env: { HOSTILE_MB: '120' } },
    spew: { command: process.execPath, args: [hostileStdioServer('stdout-flood-server')], env: { HOSTILE_MB: '64' } },
    ...Object.fromEntries(storms.map((server, index) => [`storm${index}`, { url: server.url }])),
  };
  /** Runs `work` again and again while the measurement lasts. */
  const loop = async (work: () => Promise<unknown>) => {
    while (active()) await work().catch(() => undefined);
  };
  // BENCH_HOSTILE_ONLY=storm,endless,spew,page picks some of them (to see what each costs).
  const only = process.env.BENCH_HOSTILE_ONLY?.split(',');
  const chosen = (name: string) => !only || only.includes(name);
  const worst = (url: string) => [
    // 2,000 list_changed on each of 12 streams, every second.
    ...(chosen('storm')
      ? [
          loop(async () => {
            for (const server of storms) for (const stream of server.streams) stream.write(LIST_CHANGED.repeat(2_000));
            await sleep(1_000);
          }),
        ]
      : []),
    // Four calls at once answered by a 200 MB event that never ends, over and over.
    ...(chosen('endless') ? Array.from({ length: 4 }, () => loop(() => callTool(url, 'endless', 'endless'))) : []),
    // stdout without a newline (the child is restarted each time), over and over.
    ...(chosen('spew') ? [loop(() => callTool(url, 'spew', 'flood'))] : []),
    // Five page loads at once, five times a second (it needs no key: anyone may).
    ...(chosen('page')
      ? [
          loop(async () => {
            await Promise.all(Array.from({ length: 5 }, () => fetch(`${url}/`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } }).then((response) => response.arrayBuffer())));
            await sleep(200);
          }),
        ]
      : []),
  ];
  return { servers, worst, close: () => Promise.all(http.map((server) => server.close())) };
}

function callTool(url: string, pack: string, name: string) {
  return fetch(`${url}/${pack}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } }),
  }).then((response) => response.arrayBuffer());
}

async function stop(gateway: Gateway): Promise<void> {
  const exited = once(gateway.child, 'exit');
  gateway.child.kill('SIGTERM');
  await exited;
}

const calm = { calm: { command: process.execPath, args: [hostileStdioServer('error-server')] } };
const loadBefore = loadavg()[0]!;
// The hostile HTTP servers live in this process and stand for servers on other machines: they run
// at a lower priority than the gateways and the probe, so what is measured is the gateway's share
// of the work, not a fight for this machine's cores. (stdio servers are the gateway's children, at its priority.)
setPriority(10);

let active = false;
const hostile = await hostileServers(() => active);
const baselineGateway = await startGateway(calm);
const hostileGateway = await startGateway({ ...calm, ...hostile.servers });
// Warm-up: the JIT, the quotes index; the figures are discarded.
await measure(baselineGateway, 2);
await measure(hostileGateway, 2);
const samples = { baseline: { healthz: [] as number[], call: [] as number[], cpu: 0, delays: [] as number[] }, hostile: { healthz: [] as number[], call: [] as number[], cpu: 0, delays: [] as number[] } };
for (let round = 0; round < ROUNDS; round += 1) {
  const calmRound = await measure(baselineGateway, SECONDS);
  samples.baseline.healthz.push(...calmRound.healthz);
  samples.baseline.call.push(...calmRound.call);
  samples.baseline.cpu += calmRound.cpu;
  samples.baseline.delays.push(calmRound.delayP99);
  active = true;
  const attacks = hostile.worst(hostileGateway.url);
  const hostileRound = await measure(hostileGateway, SECONDS);
  active = false;
  await Promise.race([Promise.all(attacks), sleep(10_000)]);
  samples.hostile.healthz.push(...hostileRound.healthz);
  samples.hostile.call.push(...hostileRound.call);
  samples.hostile.cpu += hostileRound.cpu;
  samples.hostile.delays.push(hostileRound.delayP99);
}
const cpuShare = (cpu: number) => cpu / (ROUNDS * SECONDS);
const figures = (of: typeof samples.baseline, gateway: Gateway) => ({
  healthz: summary(of.healthz),
  call: summary(of.call),
  peakRssMiB: gateway.peakRssMiB(),
  cpu: cpuShare(of.cpu),
  // The median round's p99: one round's pause for the machine does not speak for all.
  delayP99: [...of.delays].sort((a, b) => a - b)[Math.floor(of.delays.length / 2)]!,
});
const baseline = figures(samples.baseline, baselineGateway);
const underAttack = figures(samples.hostile, hostileGateway);
await stop(baselineGateway);
await stop(hostileGateway);
await hostile.close();

const row = (label: string, figures: typeof baseline) =>
  `| ${label} | ${figures.healthz.p50.toFixed(1)} / ${figures.healthz.p99.toFixed(1)} / ${figures.healthz.worst.toFixed(1)} (${figures.healthz.count}) | ${figures.call.p50.toFixed(1)} / ${figures.call.p99.toFixed(1)} / ${figures.call.worst.toFixed(1)} (${figures.call.count}) | ${figures.delayP99.toFixed(1)} | ${figures.peakRssMiB.toFixed(0)} | ${(figures.cpu * 100).toFixed(0)}% |`;
process.stdout.write(
  [
    `hostile servers bench: ${new Date().toISOString()}, ${ROUNDS} rounds of ${SECONDS} s each, load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after${process.env.BENCH_HOSTILE_ONLY ? `, only ${process.env.BENCH_HOSTILE_ONLY}` : ''}`,
    '| gateway fronting | /healthz ms: p50 / p99 / worst (probes) | quotes random_quote ms: p50 / p99 / worst (calls) | its event loop delay, p99 ms | peak RSS MiB | gateway CPU (of one core) |',
    '|---|---|---|---|---|---|',
    row('a calm stdio server (baseline)', baseline),
    row('the calm one and every hostile server at its worst', underAttack),
    `p99 ratio, hostile / baseline: /healthz ${(underAttack.healthz.p99 / baseline.healthz.p99).toFixed(2)}x, random_quote ${(underAttack.call.p99 / baseline.call.p99).toFixed(2)}x`,
    '',
  ].join('\n'),
);
process.exit(0);
