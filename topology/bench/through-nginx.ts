// tools/call through nginx vs a bare node:http server behind the same nginx, same run.
// Target: toolgate reaches at least 60% of the baseline's requests per second.
//   pnpm --filter @toolgate/topology bench
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { echoTarget, postRpc, startNginx, startService, toolCall } from '../src/index.ts';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const MEASURE_SECONDS = 4;
const ROUNDS = 3;
const TARGET_RATIO = 0.6;

const body = JSON.stringify(toolCall(1, 'echo', { text: 'bench' }));

async function load(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: CONNECTIONS, duration: seconds });
}

const here = fileURLToPath(new URL('.', import.meta.url));
const bare = await startService({
  name: 'bare',
  command: process.execPath,
  args: [`${here}bare-server.ts`],
  cwd: here,
  env: { PATH: process.env.PATH },
});
// The echo fixture: a real pack service (core's createApp, dispatcher, zod validation, metrics).
const pack = await startService(echoTarget.service('bench'));
const nginx = await startNginx({ upstreams: { echo: [pack.address], bare: [bare.address] } });

try {
  const targets = { bare: `${nginx.url}/bare/mcp`, toolgate: `${nginx.url}/echo/mcp` };
  for (const url of Object.values(targets)) {
    const reply = await postRpc(url, body);
    if (reply.json?.result?.structuredContent?.text !== 'bench') throw new Error(`${url} answered ${reply.status} ${reply.text}`);
  }
  const samples: Record<keyof typeof targets, number[]> = { bare: [], toolgate: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of ['bare', 'toolgate'] as const) {
      await load(targets[name], WARMUP_SECONDS);
      const result = await load(targets[name], MEASURE_SECONDS);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      samples[name].push(result.requests.average);
      process.stdout.write(`round ${round + 1} ${name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms\n`);
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const ratio = mean(samples.toolgate) / mean(samples.bare);
  process.stdout.write(
    `\n| through nginx (${CONNECTIONS} connections) | req/s |\n|---|---|\n` +
      `| bare node:http | ${mean(samples.bare).toFixed(0)} |\n| toolgate tools/call | ${mean(samples.toolgate).toFixed(0)} |\n` +
      `| ratio | ${(ratio * 100).toFixed(0)}% (target ≥ ${TARGET_RATIO * 100}%: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}) |\n`,
  );
  // The verdict is printed, not turned into an exit code: on a shared machine one noisy run must
  // not stop the other packages' benchmarks (`pnpm bench` runs them all, one after another).
} finally {
  await nginx.stop();
  await Promise.all([bare.stop(), pack.stop()]);
}
