import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { injector } from './in-process/inject.ts';
import { DEFAULT_IN_PROCESS_TARGETS, IN_PROCESS_TARGETS, listenerFor, type InProcessTarget } from './in-process/listeners.ts';
import { SOCRATES_QUOTE } from './quote-tool.ts';
import { LEGACY_CALL, MCP_PATH } from './scenarios.ts';

/**
 * `pnpm --filter @toolgate/bench bench:inprocess`: the JavaScript each server runs per call,
 * without sockets (in-process/inject.ts), the gateway beside bare node:http. Each target runs
 * in processes of its own, taken in turns; a round is CPU time over a fixed number of calls,
 * and the minimum over rounds is the figure (background load only ever adds to it). For A/B
 * work on a busy machine, where req/s swings by ±10% between processes; it leaves out the
 * kernel's share, so it is not a throughput figure.
 */
const settingsSchema = z.object({
  BENCH_INPROC_CALLS: z.coerce.number().int().min(100).max(10_000_000).default(30_000),
  BENCH_INPROC_ROUNDS: z.coerce.number().int().min(1).max(100).default(9),
  BENCH_INPROC_PROCESSES: z.coerce.number().int().min(1).max(20).default(3),
  /** Comma-separated, from IN_PROCESS_TARGETS: `node-http,gateway,gateway-traced` for tracing's cost. */
  BENCH_INPROC_TARGETS: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((name) => name.trim()) : [...DEFAULT_IN_PROCESS_TARGETS]))
    .pipe(z.array(z.enum(IN_PROCESS_TARGETS)).min(1)),
});

/**
 * An OTLP/HTTP collector stand-in for the traced targets, in this (parent) process so its work
 * is not counted in theirs: reads each export and answers 200.
 */
async function startOtlpSink(): Promise<{ url: string; close(): void }> {
  const sink = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(sink.address() as AddressInfo).port}`, close: () => sink.close() };
}

interface ChildReport {
  rounds: number[];
}

async function runChild(target: InProcessTarget, calls: number, rounds: number): Promise<void> {
  const { listener, headers } = await listenerFor(target);
  const calling = injector(listener, { ...LEGACY_CALL, headers: { ...LEGACY_CALL.headers, ...headers } }, MCP_PATH);
  await calling.call();
  // A target that answers wrongly would make its figure meaningless: check before measuring.
  const answer = calling.lastAnswer();
  if (!answer.startsWith('HTTP/1.1 200') || !answer.includes(SOCRATES_QUOTE.id)) throw new Error(`${target} answered: ${answer.slice(0, 300)}`);
  for (let call = 0; call < calls; call++) await calling.call();
  const perCall: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = process.cpuUsage();
    for (let call = 0; call < calls; call++) await calling.call();
    const used = process.cpuUsage(before);
    perCall.push((used.user + used.system) / calls);
  }
  process.send!({ rounds: perCall } satisfies ChildReport);
}

function measureInChild(target: InProcessTarget, env: NodeJS.ProcessEnv): Promise<number[]> {
  const child = fork(fileURLToPath(import.meta.url), ['--child', target], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env });
  return new Promise((resolve, reject) => {
    child.once('message', (report: ChildReport) => {
      child.kill('SIGKILL');
      resolve(report.rounds);
    });
    child.once('exit', (code) => reject(new Error(`${target} exited (${code}) before reporting`)));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function runParent(): Promise<void> {
  const settings = settingsSchema.parse(process.env);
  const targets = settings.BENCH_INPROC_TARGETS;
  const sink = targets.some((target) => target.startsWith('gateway-traced')) ? await startOtlpSink() : undefined;
  const env = { ...process.env, ...(sink ? { BENCH_OTLP_ENDPOINT: sink.url } : {}) };
  const perTarget = new Map<InProcessTarget, number[]>(targets.map((target) => [target, []]));
  for (let turn = 1; turn <= settings.BENCH_INPROC_PROCESSES; turn++) {
    for (const target of targets) {
      process.stderr.write(`turn ${turn}: ${target}…\n`);
      perTarget.get(target)!.push(...(await measureInChild(target, env)));
    }
  }
  sink?.close();
  const rows = targets.map((target) => ({ target, min: Math.min(...perTarget.get(target)!), median: median(perTarget.get(target)!) }));
  // The ratio's base: node-http when measured, else the first target.
  const limit = rows.find((row) => row.target === 'node-http') ?? rows[0]!;
  const lines = [
    `Node ${process.version}; ${settings.BENCH_INPROC_CALLS} calls per round, ${settings.BENCH_INPROC_ROUNDS} rounds per process, ${settings.BENCH_INPROC_PROCESSES} processes per target`,
    '',
    `| target | CPU µs per call, min | median | × ${limit.target} (min) |`,
    '|---|---:|---:|---:|',
    ...rows.map((row) => `| ${row.target} | ${row.min.toFixed(2)} | ${row.median.toFixed(2)} | ${(row.min / limit.min).toFixed(2)} |`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const directory = new URL('../results/', import.meta.url);
  await mkdir(directory, { recursive: true });
  const file = new URL(`in-process-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, directory);
  await writeFile(file, `${JSON.stringify({ node: process.version, settings, rows, rounds: Object.fromEntries(perTarget) }, null, 2)}\n`);
  process.stdout.write(`results: ${fileURLToPath(file)}\n`);
}

const childAt = process.argv.indexOf('--child');
if (childAt === -1) {
  await runParent();
} else {
  const target = z.enum(IN_PROCESS_TARGETS).parse(process.argv[childAt + 1]);
  const settings = settingsSchema.parse(process.env);
  await runChild(target, settings.BENCH_INPROC_CALLS, settings.BENCH_INPROC_ROUNDS);
}
