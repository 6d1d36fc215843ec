// Soak: SOAK_SECONDS (default 60) of mixed tool calls across every pack at 100 connections,
// batches of MAX_BATCH_SIZE in the mix, SLOW_CLIENTS connections that stall their bodies, and a
// /healthz probe throughout. Not part of `pnpm test`. Run: pnpm --filter @toolgate/gateway soak.
// Adds a row to the soak table of docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus } from 'node:os';
import { openStalledBody, probeHealthz } from '@toolgate/test-support';
import autocannon from 'autocannon';
import { baselineArguments, type JsonSchema } from '../test/fuzz/json-schema-values.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CONNECTIONS = 100;
const SLOW_CLIENTS = Number(process.env.SOAK_SLOW_CLIENTS ?? 200);
const BATCH_SIZE = 100;
const docs = fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url));

const server = spawn(process.execPath, ['--expose-gc', fileURLToPath(new URL('./soak-server.ts', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
const { url, segments } = await new Promise<{ url: string; segments: string[] }>((resolve, reject) => {
  server.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString().split('\n')[0]!)));
  server.once('exit', (code) => reject(new Error(`soak server exited with ${code}`)));
});

function heapAfterGcMiB(): Promise<number> {
  return new Promise((resolve) => {
    server.once('message', (message: { heapUsed: number }) => resolve(message.heapUsed / 1_048_576));
    server.send('heap');
  });
}

async function rssMiB(): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const bytes = Number(/^toolgate_process_resident_memory_bytes (\S+)$/m.exec(text)?.[1]);
  return bytes / 1_048_576;
}

// One call per tool, with arguments derived from its input schema; every connection cycles through them.
const requests: { method: 'POST'; path: string; headers: Record<string, string>; body: string }[] = [];
for (const segment of segments) {
  const listed = await fetch(`${url}/${segment}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
  const { result } = (await listed.json()) as { result: { tools: { name: string; inputSchema: JsonSchema }[] } };
  for (const tool of result.tools) {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool.name, arguments: baselineArguments(tool.inputSchema) } });
    requests.push({ method: 'POST', path: `/${segment}/mcp`, headers: { 'content-type': 'application/json' }, body });
  }
}

// Batches of the largest accepted size, cycling through every call above: one in every ten requests.
const calls = requests.map((request) => ({ path: request.path, call: JSON.parse(request.body) as Record<string, unknown> }));
const batches = [...new Set(calls.map((call) => call.path))].map((path) => {
  const own = calls.filter((call) => call.path === path);
  const members = Array.from({ length: BATCH_SIZE }, (_, id) => ({ ...own[id % own.length]!.call, id }));
  return { method: 'POST' as const, path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(members) };
});
const singles = requests.length;
for (let index = 0; index < batches.length; index += 1) requests.splice(Math.min(requests.length, (index + 1) * 10), 0, batches[index]!);

/**
 * Slow clients: SLOW_CLIENTS connections that send headers and part of a body, then stall; each
 * one the gateway cuts off is opened again, until the run ends. Counts the cut-offs and the
 * longest a stalled connection was held.
 */
function stallBodies(until: Promise<unknown>) {
  const stats = { opened: 0, cut: 0, longestHeldMs: 0 };
  let done = false;
  void until.finally(() => (done = true));
  const open = () => {
    if (done) return;
    stats.opened += 1;
    const openedAt = performance.now();
    const socket = openStalledBody(url, `/${segments[0]}/mcp`, () => {
      if (done) return;
      stats.cut += 1;
      stats.longestHeldMs = Math.max(stats.longestHeldMs, performance.now() - openedAt);
      open();
    });
    void until.finally(() => socket.destroy());
  };
  for (let index = 0; index < SLOW_CLIENTS; index += 1) open();
  return stats;
}

const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, requests, timeout: 10 });
await run(3); // warm-up: JIT, pools and caches settle before the baseline is taken
const heapStart = await heapAfterGcMiB();
const rssStart = await rssMiB();
let rssPeak = rssStart;
const sampler = setInterval(() => void rssMiB().then((value) => (rssPeak = Math.max(rssPeak, value)), () => undefined), 2_000);
// autocannon answers a thenable; a real promise lets the side loads wait on it too.
const running = Promise.resolve(run(SECONDS));
const slow = stallBodies(running);
const healthWorst = probeHealthz(url, running, 50);
const result = await running;
const { worstMs: worstHealthMs } = await healthWorst;
clearInterval(sampler);
await new Promise((resolve) => setTimeout(resolve, 2_000));
const heapEnd = await heapAfterGcMiB();
const rssEnd = await rssMiB();
server.kill('SIGTERM');

const failed = result.errors + result.timeouts + result.non2xx;
const growth = rssEnd - rssStart;
const heapGrowth = heapEnd - heapStart;
const line = `| ${new Date().toISOString().slice(0, 10)} | ${segments.join(', ')} | ${singles} + ${batches.length} batches of ${BATCH_SIZE} | ${SECONDS} s × ${CONNECTIONS} conn + ${SLOW_CLIENTS} stalled | ${worstHealthMs.toFixed(0)} | ${slow.cut} cut, held ≤ ${(slow.longestHeldMs / 1000).toFixed(1)} s | ${result.requests.total} | ${Math.round(result.requests.average)} | ${result.latency.p50} / ${result.latency.p99} | ${failed} (${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx) | ${rssStart.toFixed(0)} → ${rssPeak.toFixed(0)} → ${rssEnd.toFixed(0)} (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}) | ${heapStart.toFixed(1)} → ${heapEnd.toFixed(1)} | ${cpus().length} |`;
process.stdout.write(`${line}\n`);

const header = `\n## Soak with batches and slow clients\n\nMixed tool calls (one schema-derived call per tool of every pack, cycled, and one batch of 100\nsuch calls per pack among them) at 100 connections against the all-in-one gateway in its own\nprocess, while SOAK_SLOW_CLIENTS (200) connections stall their bodies and are reopened each time\nthe gateway cuts them off, and /healthz is probed every 50 ms; upstreams on a local stub. Re-run:\n\`pnpm --filter @toolgate/gateway soak\` (SOAK_SECONDS to change the length). RSS from the\ngateway's own /metrics: after warm-up → peak → 2 s after the run; heap: used after a full GC,
before and after the run (RSS keeps the pages V8 grew into under load; the heap shows leaks).\n\n| date | packs | calls in the mix | run | worst /healthz ms | stalled bodies | requests | req/s | latency p50 / p99 ms | failed | RSS MiB start → peak → end (growth) | heap after GC MiB start → end | cores |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n`;
const existing = existsSync(docs) ? readFileSync(docs, 'utf8') : '# Benchmarks\n';
const soakAt = existing.indexOf('\n## Soak with batches and slow clients\n');
if (soakAt === -1) appendFileSync(docs, `${existing.endsWith('\n') ? '' : '\n'}${header}${line}\n`);
else {
  // The new row goes at the end of the soak section's table, wherever the section sits in the document.
  const next = existing.indexOf('\n## ', soakAt + 1);
  const end = next === -1 ? existing.length : next;
  writeFileSync(docs, `${existing.slice(0, end).trimEnd()}\n${line}\n${next === -1 ? '' : '\n'}${existing.slice(end + (next === -1 ? 0 : 1))}`);
}

// Bounded growth: a leak of even 100 bytes per request shows in the post-GC heap over ~150k
// requests; RSS may grow while V8 sizes its heap for 100 connections, but not without bound.
// Batches of 100 (answers of up to a few MiB each) make V8 grow into more pages than single
// calls did (+145 to +197 MiB over 25–60 s runs), hence 256 rather than 160.
const ok = failed === 0 && heapGrowth < 16 && growth < 256;
process.stdout.write(ok ? 'soak passed\n' : `soak FAILED: ${failed} failed requests, RSS growth ${growth.toFixed(1)} MiB, heap growth ${heapGrowth.toFixed(1)} MiB\n`);
process.exit(ok ? 0 : 1);
