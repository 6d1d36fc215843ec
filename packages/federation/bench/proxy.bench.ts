import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '@toolgate/test-support';

/**
 * A tools/call proxied through the gateway against the same call made to the server directly,
 * in one run: throughput at saturation (autocannon, rounds alternated) and the median latency of
 * sequential calls on one keep-alive connection. The server is the stateless SDK v2 fixture of the
 * tests; each side runs in its own process.
 */
const SECONDS = Number(process.env.BENCH_FEDERATION_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_FEDERATION_ROUNDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_FEDERATION_CONNECTIONS ?? 16);
const SEQUENTIAL = Number(process.env.BENCH_FEDERATION_SEQUENTIAL ?? 2_000);

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } });
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function startChild(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; output: string }> {
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve({ child, output });
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited (${code})`)));
  });
}

async function saturate(url: string, seconds: number): Promise<{ rps: number; failures: number }> {
  const result = await autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: seconds });
  return { rps: result.requests.total / (result.duration || seconds), failures: result.non2xx + result.errors + result.timeouts };
}

/** Sequential calls, one at a time: each one's wall time, in ms. */
async function sequential(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers, body });
    const text = await response.text();
    if (!response.ok || !text.includes('"sum":3')) throw new Error(`bad answer: ${response.status} ${text.slice(0, 200)}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** A child's CPU time so far (user + system), in microseconds, from /proc (Linux). */
function cpuMicros(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command; in clock ticks (100 Hz).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const serverPort = await freePort();
const server = await startChild([here('../test/fixtures/stateless-server.ts')], { PORT: String(serverPort) }, /listening/);
const file = join(mkdtempSync(join(tmpdir(), 'toolgate-bench-')), 'mcp.json');
writeFileSync(file, JSON.stringify({ mcpServers: { calc: { url: `http://127.0.0.1:${serverPort}/mcp` } } }));
const gateway = await startChild([here('gateway-child.ts')], { MCP_SERVERS_FILE: file, PORT: '0', LOG_LEVEL: 'warn' }, /^http:\/\/\S+\n/m);
const direct = `http://127.0.0.1:${serverPort}/mcp`;
const proxied = `${gateway.output.trim()}/calc/mcp`;

try {
  await sequential(direct, 200);
  await sequential(proxied, 200);
  await saturate(direct, 2);
  await saturate(proxied, 2);

  const rounds: { direct: number; proxied: number }[] = [];
  // CPU per answered call: the server's when called directly, the server's and the gateway's when proxied.
  const cpu = { directServer: 0, proxiedServer: 0, proxiedGateway: 0, directCalls: 0, proxiedCalls: 0 };
  let failures = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate who goes first, so a drift in the machine's load does not favour one side.
    const order = round % 2 === 0 ? (['direct', 'proxied'] as const) : (['proxied', 'direct'] as const);
    const figures = { direct: 0, proxied: 0 };
    for (const side of order) {
      const before = { server: cpuMicros(server.child), gateway: cpuMicros(gateway.child) };
      const result = await saturate(side === 'direct' ? direct : proxied, SECONDS);
      const serverMicros = cpuMicros(server.child) - before.server;
      if (side === 'direct') {
        cpu.directServer += serverMicros;
        cpu.directCalls += result.rps * SECONDS;
      } else {
        cpu.proxiedServer += serverMicros;
        cpu.proxiedGateway += cpuMicros(gateway.child) - before.gateway;
        cpu.proxiedCalls += result.rps * SECONDS;
      }
      figures[side] = result.rps;
      failures += result.failures;
    }
    rounds.push(figures);
  }
  const latency = { direct: [] as number[], proxied: [] as number[] };
  for (let chunk = 0; chunk < 10; chunk += 1) {
    latency.direct.push(...(await sequential(direct, SEQUENTIAL / 10)));
    latency.proxied.push(...(await sequential(proxied, SEQUENTIAL / 10)));
  }

  const total = (side: 'direct' | 'proxied') => rounds.reduce((sum, round) => sum + round[side], 0) / rounds.length;
  const ratio = total('proxied') / total('direct');
  const added = median(latency.proxied) - median(latency.direct);
  const ratios = rounds.map((round) => round.proxied / round.direct);
  const lines = [
    `federation proxy bench: ${new Date().toISOString()}, ${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections, ${SEQUENTIAL} sequential calls each`,
    `| | direct | through the gateway | ratio / added |`,
    `|---|---|---|---|`,
    `| throughput (req/s, mean of rounds) | ${total('direct').toFixed(0)} | ${total('proxied').toFixed(0)} | ${ratio.toFixed(2)}x (rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}) |`,
    `| median latency, sequential (ms) | ${median(latency.direct).toFixed(3)} | ${median(latency.proxied).toFixed(3)} | +${added.toFixed(3)} ms |`,
    `| CPU per call (µs): server | ${(cpu.directServer / cpu.directCalls).toFixed(0)} | ${(cpu.proxiedServer / cpu.proxiedCalls).toFixed(0)} | |`,
    `| CPU per call (µs): gateway | | ${(cpu.proxiedGateway / cpu.proxiedCalls).toFixed(0)} | |`,
    `failures: ${failures}; goals: throughput >= 0.8x ${ratio >= 0.8 ? 'met' : 'MISSED'}, added median < 1 ms ${added < 1 ? 'met' : 'MISSED'}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  for (const { child } of [gateway, server]) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
