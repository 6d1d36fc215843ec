// Soak: SOAK_SECONDS (default 60) of mixed tool calls across every pack at 100 connections.
// Not part of `pnpm test`. Run: pnpm --filter @toolgate/gateway soak. Adds a row to the Soak table of docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { baselineArguments, type JsonSchema } from '../test/fuzz/json-schema-values.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CONNECTIONS = 100;
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

const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, requests, timeout: 10 });
await run(3); // warm-up: JIT, pools and caches settle before the baseline is taken
const heapStart = await heapAfterGcMiB();
const rssStart = await rssMiB();
let rssPeak = rssStart;
const sampler = setInterval(() => void rssMiB().then((value) => (rssPeak = Math.max(rssPeak, value)), () => undefined), 2_000);
const result = await run(SECONDS);
clearInterval(sampler);
await new Promise((resolve) => setTimeout(resolve, 2_000));
const heapEnd = await heapAfterGcMiB();
const rssEnd = await rssMiB();
server.kill('SIGTERM');

const failed = result.errors + result.timeouts + result.non2xx;
const growth = rssEnd - rssStart;
const heapGrowth = heapEnd - heapStart;
const line = `| ${new Date().toISOString().slice(0, 10)} | ${segments.join(', ')} | ${requests.length} | ${SECONDS} s × ${CONNECTIONS} conn | ${result.requests.total} | ${Math.round(result.requests.average)} | ${result.latency.p50} / ${result.latency.p99} | ${failed} (${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx) | ${rssStart.toFixed(0)} → ${rssPeak.toFixed(0)} → ${rssEnd.toFixed(0)} (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}) | ${heapStart.toFixed(1)} → ${heapEnd.toFixed(1)} | ${cpus().length} |`;
process.stdout.write(`${line}\n`);

const header = `\n## Soak\n\nMixed tool calls (one schema-derived call per tool of every pack, cycled) at 100 connections\nagainst the all-in-one gateway in its own process; upstreams on a local stub. Re-run:\n\`pnpm --filter @toolgate/gateway soak\` (SOAK_SECONDS to change the length). RSS from the\ngateway's own /metrics: after warm-up → peak → 2 s after the run; heap: used after a full GC,
before and after the run (RSS keeps the pages V8 grew into under load; the heap shows leaks).\n\n| date | packs | calls in the mix | run | requests | req/s | latency p50 / p99 ms | failed | RSS MiB start → peak → end (growth) | heap after GC MiB start → end | cores |\n|---|---|---|---|---|---|---|---|---|---|---|\n`;
const existing = existsSync(docs) ? readFileSync(docs, 'utf8') : '# Benchmarks\n';
const soakAt = existing.indexOf('\n## Soak\n');
if (soakAt === -1) appendFileSync(docs, `${existing.endsWith('\n') ? '' : '\n'}${header}${line}\n`);
else {
  // The new row goes at the end of the Soak section's table, wherever the section sits in the document.
  const next = existing.indexOf('\n## ', soakAt + 1);
  const end = next === -1 ? existing.length : next;
  writeFileSync(docs, `${existing.slice(0, end).trimEnd()}\n${line}\n${next === -1 ? '' : '\n'}${existing.slice(end + (next === -1 ? 0 : 1))}`);
}

// Bounded growth: a leak of even 100 bytes per request shows in the post-GC heap over ~150k
// requests; RSS may grow while V8 sizes its heap for 100 connections, but not without bound.
const ok = failed === 0 && heapGrowth < 16 && growth < 160;
process.stdout.write(ok ? 'soak passed\n' : `soak FAILED: ${failed} failed requests, RSS growth ${growth.toFixed(1)} MiB, heap growth ${heapGrowth.toFixed(1)} MiB\n`);
process.exit(ok ? 0 : 1);
