import request from 'supertest';
import { z } from 'zod';
import { createApp, createLogger, createMetrics, definePack, defineTool } from '@toolgate/core/server';
import { createMemoryCache, createStores, createUpstreamClient, type ResponseCache, type UpstreamStores } from '../src/index.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { startRedis, type RunningRedis } from '../testing/redis-server.ts';

// Issue 27: each tools/call result says whether its answer came from the cache and how old it is.
const LATER_MS = 30_000;
let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream(() => ({ body: { value: 42 } }));
});
afterAll(() => upstream?.close());

/** A pack whose one tool reads the fake upstream through a client on `cache`; the gateway's clock runs `LATER_MS` ahead. */
function appOn(cache: ResponseCache) {
  const client = createUpstreamClient({ name: 'Fake API', baseUrl: upstream.url, timeoutMs: 1_000, cache });
  const pack = definePack({
    name: 'fresh',
    version: '1.0.0',
    tools: [
      defineTool({
        name: 'lookup',
        title: 'Lookup',
        description: 'Reads a value from the upstream.',
        inputSchema: z.object({ q: z.string() }),
        outputSchema: z.object({ value: z.number() }),
        handler: ({ q }) => client.get({ path: '/value', params: { q }, schema: z.object({ value: z.number() }), ttlMs: 600_000 }),
      }),
    ],
  });
  return createApp({
    packs: [{ pack, segment: 'fresh' }],
    logger: createLogger({ level: 'silent' }),
    metrics: createMetrics({ collectProcessMetrics: false }),
    callPolicy: { now: () => Date.now() + LATER_MS },
  });
}

async function cacheMeta(app: ReturnType<typeof appOn>, q: string) {
  const response = await request(app).post('/fresh/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'lookup', arguments: { q } } });
  expect(response.body.result.structuredContent).toEqual({ value: 42 });
  return response.body.result._meta?.['dev.toolgate/cache'] as { hit: boolean; ageSeconds: number } | undefined;
}

describe('cache freshness in a result\'s _meta (dev.toolgate/cache)', () => {
  it('in memory: a miss is fresh, a hit says how long ago it was stored', async () => {
    const app = appOn(createMemoryCache());
    expect(await cacheMeta(app, 'memory')).toEqual({ hit: false, ageSeconds: 0 });
    const hit = await cacheMeta(app, 'memory');
    expect(hit?.hit).toBe(true);
    expect(hit?.ageSeconds).toBeGreaterThanOrEqual(LATER_MS / 1000 - 1);
    expect(hit?.ageSeconds).toBeLessThanOrEqual(LATER_MS / 1000 + 2);
  });

  it('concurrent calls each hear only their own lookups', async () => {
    const app = appOn(createMemoryCache());
    await cacheMeta(app, 'warm');
    const [hit, miss] = await Promise.all([cacheMeta(app, 'warm'), cacheMeta(app, 'cold')]);
    expect([hit?.hit, miss]).toEqual([true, { hit: false, ageSeconds: 0 }]);
  });

  describe('in Redis, shared by two replicas', () => {
    let redis: RunningRedis;
    const stores: UpstreamStores[] = [];
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await Promise.all(stores.map((store) => store.close()));
      await redis?.stop();
    });

    it('a value one replica stored is a hit on the other, with its age', async () => {
      const [first, second] = await Promise.all([createStores({ redisUrl: redis.url }), createStores({ redisUrl: redis.url })]);
      stores.push(first, second);
      expect(await cacheMeta(appOn(first.cache), 'shared')).toEqual({ hit: false, ageSeconds: 0 });
      const hit = await cacheMeta(appOn(second.cache), 'shared');
      expect(hit?.hit).toBe(true);
      expect(hit?.ageSeconds).toBeGreaterThanOrEqual(LATER_MS / 1000 - 1);
    });
  });
});
