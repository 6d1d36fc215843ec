// What one hostile client can cost a pack (issue 11), measured against real processes, the
// shipped nginx and a real redis-server. Prints the figures docs/security.md reports.
//   pnpm --filter @toolgate/topology hostile
// The quotes pack serves the full Quotable corpus committed in services/quotes/data/quotable/.
import { openStalledBody, probeHealthz, startRedisServer } from '@toolgate/test-support';
import { postRpc, productTarget, repoRoot, startNginx, startService, toolCall, type RunningService } from '../src/index.ts';

const corpus = `${repoRoot}services/quotes/data/quotable/`;
const quotes = productTarget('quotes');
const start = (replica: string, env: Record<string, string> = {}) => {
  const spec = quotes.service(replica);
  return startService({ ...spec, env: { ...spec.env, QUOTES_DATA_DIR: corpus, ...env } });
};
const batchOf = (size: number, make: (id: number) => unknown) => JSON.stringify(Array.from({ length: size }, (_, id) => make(id)));
const worstMember = (id: number) => toolCall(id, 'search_quotes', { query: 'the life love man time', limit: 100 });
const figures: [string, string][] = [];
const report = (what: string, value: string) => {
  figures.push([what, value]);
  process.stdout.write(`${what}: ${value}\n`);
};

async function rssMiB(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^toolgate_process_resident_memory_bytes (\S+)$/m.exec(text)?.[1]) / 1_048_576;
}

/** Opens `count` connections that send headers and part of a body, then nothing more. */
async function slowBodies(url: string, path: string, count: number) {
  const outcomes: { status: string; heldMs: number }[] = [];
  const opened = performance.now();
  const sockets: Promise<void>[] = [];
  for (let index = 0; index < count; index += 1) {
    sockets.push(
      new Promise<void>((resolve) => {
        openStalledBody(url, path, (statusLine) => {
          outcomes.push({ status: statusLine.replace(/^HTTP\/1\.1 /, '') || 'closed without an answer', heldMs: performance.now() - opened });
          resolve();
        });
      }),
    );
  }
  await Promise.all(sockets);
  const byStatus = new Map<string, number[]>();
  for (const { status, heldMs } of outcomes) byStatus.set(status, [...(byStatus.get(status) ?? []), heldMs]);
  return [...byStatus].map(([status, held]) => `${held.length} × ${status} after ${(Math.min(...held) / 1000).toFixed(1)}–${(Math.max(...held) / 1000).toFixed(1)} s`).join('; ');
}

const services: RunningService[] = [];
const redis = await startRedisServer();
try {
  // 1. One pack process with every default.
  const pack = await start('defaults');
  services.push(pack);
  const accepted = await postRpc(`${pack.url}/quotes/mcp`, batchOf(100, (id) => toolCall(id, 'random_quote', {})));
  const refused = await postRpc(`${pack.url}/quotes/mcp`, batchOf(101, (id) => toolCall(id, 'random_quote', {})));
  report('largest batch accepted (MAX_BATCH_SIZE default)', `100 messages → HTTP ${accepted.status}; 101 → HTTP ${refused.status}`);

  const idle = await probeHealthz(pack.url, new Promise((resolve) => setTimeout(resolve, 1_000)), 10);
  report('/healthz, idle: worst of 1 s of probes', `${idle.worstMs.toFixed(1)} ms (${idle.probes} probes)`);

  const worstStarted = performance.now();
  const worst = postRpc(`${pack.url}/quotes/mcp`, batchOf(100, worstMember));
  const during = await probeHealthz(pack.url, worst, 10);
  const worstReply = await worst;
  report(
    "/healthz while one client's worst request runs (100 × search_quotes limit 100)",
    `worst ${during.worstMs.toFixed(1)} ms over ${during.probes} probes; the request took ${((performance.now() - worstStarted) / 1000).toFixed(2)} s, answered HTTP ${worstReply.status} with ${(worstReply.text.length / 1_048_576).toFixed(2)} MiB`,
  );

  const rssBefore = await rssMiB(pack.url);
  const eight = Promise.all(Array.from({ length: 8 }, () => postRpc(`${pack.url}/quotes/mcp`, batchOf(100, worstMember))));
  let rssPeak = rssBefore;
  const sampler = setInterval(() => void rssMiB(pack.url).then((value) => (rssPeak = Math.max(rssPeak, value)), () => undefined), 200);
  const eightStarted = performance.now();
  const duringEight = await probeHealthz(pack.url, eight, 10);
  clearInterval(sampler);
  report(
    '/healthz while eight such requests run at once',
    `worst ${duringEight.worstMs.toFixed(1)} ms over ${duringEight.probes} probes; they took ${((performance.now() - eightStarted) / 1000).toFixed(2)} s; RSS ${rssBefore.toFixed(0)} → peak ${rssPeak.toFixed(0)} MiB`,
  );

  // 2. Connections: straight to the pack (BODY_IDLE_TIMEOUT_MS 10 s, MAX_CONNECTIONS 10,000) and through nginx.
  const nginx = await startNginx({ upstreams: { quotes: [pack.address] } });
  try {
    const [direct, proxied] = await Promise.all([slowBodies(pack.url, '/quotes/mcp', 300), slowBodies(nginx.url, '/quotes/mcp', 300)]);
    report('300 stalled bodies from one address, straight to the pack', direct);
    report('300 stalled bodies from one address, through nginx', proxied);
  } finally {
    await nginx.stop();
  }

  // 3. The limits with Redis, through nginx: two replicas, one budget of 50 messages a minute.
  const shared = { RATE_LIMIT_PER_MINUTE: '50', REDIS_URL: redis.url, TRUST_PROXY: 'loopback' };
  const replicas = await Promise.all(['a', 'b'].map((name) => start(name, shared)));
  services.push(...replicas);
  const front = await startNginx({ upstreams: { quotes: replicas.map((replica) => replica.address) } });
  try {
    let served = 0;
    let sent = 0;
    const statuses: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      const size = round % 3 === 0 ? 1 : 10;
      const body = size === 1 ? JSON.stringify(toolCall(round, 'random_quote', {})) : batchOf(size, (id) => toolCall(id, 'random_quote', {}));
      const reply = await postRpc(`${front.url}/quotes/mcp`, body, { 'x-forwarded-for': `198.51.100.${round}` });
      sent += size;
      statuses.push(reply.status);
      if (reply.status === 200) served += size;
    }
    report(
      'RATE_LIMIT_PER_MINUTE=50 in Redis, two replicas behind nginx, rotating X-Forwarded-For, singles and batches of 10',
      `${served} of ${sent} messages served (statuses ${statuses.join(' ')})`,
    );
  } finally {
    await front.stop();
  }
} finally {
  await Promise.all(services.map((service) => service.stop()));
  await redis.stop();
}

process.stdout.write(`\n| measured (${new Date().toISOString().slice(0, 10)}) | result |\n|---|---|\n${figures.map(([what, value]) => `| ${what} | ${value} |`).join('\n')}\n`);
