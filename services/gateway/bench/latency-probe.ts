// A process of its own that probes a gateway: /healthz and quotes' random_quote, one request after
// another each, 10 ms apart, for BENCH_PROBE_SECONDS; prints each one's wall time (ms) as JSON. Kept
// apart from whatever loads the gateway, so a busy load generator does not count as a slow gateway.
import { setTimeout as sleep } from 'node:timers/promises';

const url = process.argv[2]!;
const until = Date.now() + Number(process.env.BENCH_PROBE_SECONDS ?? 10) * 1000;
const CALL = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'random_quote', arguments: {} } });

async function probe(send: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    await send();
    times.push(performance.now() - started);
    await sleep(10);
  }
  return times;
}

const [healthz, call] = await Promise.all([
  probe(() => fetch(`${url}/healthz`).then((response) => void response.arrayBuffer())),
  probe(() =>
    fetch(`${url}/quotes/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: CALL }).then(async (response) => {
      const text = await response.text();
      if (!text.includes('"result"')) throw new Error(`random_quote failed: ${text.slice(0, 200)}`);
    }),
  ),
]);
process.stdout.write(JSON.stringify({ healthz, call }));
