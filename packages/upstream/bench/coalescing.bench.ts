// Upstream client benchmark: how many requests reach the upstream when many identical calls
// arrive at once, and when they repeat within the TTL. Counted at a local upstream (20 ms per
// answer); plain axios in the same run is the baseline. Prints a markdown section for
// docs/benchmarks.md.
import axios from 'axios';
import { z } from 'zod';
import { createMemoryCache, createUpstreamClient } from '../src/index.ts';
import { startFakeUpstream } from '../testing/fake-upstream.ts';

const CALLS = 100;
const ROUNDS = 5;
const body = { items: Array.from({ length: 50 }, (_, id) => ({ id, name: `event ${id}` })) };
const schema = z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })) });
const upstream = await startFakeUpstream(() => ({ body }), { delayMs: 20 });

async function measure(run: () => Promise<unknown>) {
  const before = upstream.requests.length;
  const started = performance.now();
  await run();
  return { requests: upstream.requests.length - before, ms: performance.now() - started };
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const burst = (call: () => Promise<unknown>) => () => Promise.all(Array.from({ length: CALLS }, call));

const rows: { name: string; requests: number[]; ms: number[] }[] = [
  { name: `plain axios, ${CALLS} concurrent identical calls (baseline)`, requests: [], ms: [] },
  { name: `upstream client, ${CALLS} concurrent identical calls, cold cache`, requests: [], ms: [] },
  { name: `upstream client, ${CALLS} identical calls again within the TTL`, requests: [], ms: [] },
];
const http = axios.create();
for (let round = 0; round < ROUNDS; round += 1) {
  const client = createUpstreamClient({ name: 'Bench', baseUrl: upstream.url, timeoutMs: 5000, cache: createMemoryCache() });
  const get = () => client.get({ path: '/events', params: { location: 'Berlin', round }, schema, ttlMs: 60_000 });
  const results = [
    await measure(burst(() => http.get(`${upstream.url}/events?location=Berlin`))),
    await measure(burst(get)),
    await measure(burst(get)),
  ];
  results.forEach((result, index) => {
    rows[index]!.requests.push(result.requests);
    rows[index]!.ms.push(result.ms);
  });
}
await upstream.close();

const baselineMs = median([...rows[0]!.ms]);
console.log(`## Upstream client

\`pnpm --filter @toolgate/upstream bench\` (${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${ROUNDS} rounds, median):
${CALLS} identical calls issued at once against a local upstream that answers in 20 ms;
requests counted at the upstream.

| scenario | upstream requests per burst | burst time (ms) | vs baseline |
|---|---|---|---|
${rows
  .map((row) => {
    const ms = median([...row.ms]);
    return `| ${row.name} | ${Math.min(...row.requests)}–${Math.max(...row.requests)} | ${ms.toFixed(1)} | ${row === rows[0] ? "baseline" : `${(baselineMs / ms).toFixed(1)}x faster`} |`;
  })
  .join('\n')}
`);
