import { z } from 'zod';
import { createRequestLimiter, createStores, createUpstreamClient, UpstreamError, type UpstreamStores } from '../src/index.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { startRedis, type RunningRedis } from '../testing/redis-server.ts';

const schema = z.object({ value: z.number() });
let redis: RunningRedis;
let upstream: FakeUpstream;
const stores: UpstreamStores[] = [];

beforeAll(async () => {
  redis = await startRedis();
  upstream = await startFakeUpstream(() => ({ body: { value: 42 } }));
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await upstream?.close();
  await redis?.stop();
});

/** One "replica": its own Redis connection and its own client. */
async function replica() {
  const store = await createStores({ redisUrl: redis.url });
  stores.push(store);
  const client = createUpstreamClient({ name: 'Shared API', baseUrl: upstream.url, timeoutMs: 1000, cache: store.cache });
  return { store, client };
}

describe('the Redis cache (REDIS_URL set)', () => {
  it('lets one replica answer from what another fetched, within the TTL', async () => {
    const before = upstream.requests.length;
    const first = await replica();
    const second = await replica();
    await expect(first.client.get({ path: '/value', params: { q: 'a' }, schema, ttlMs: 60_000 })).resolves.toEqual({ value: 42 });
    await expect(second.client.get({ path: '/value', params: { q: 'a' }, schema, ttlMs: 60_000 })).resolves.toEqual({ value: 42 });
    expect(upstream.requests.length - before).toBe(1);
  });

  it('expires entries after their TTL', async () => {
    const before = upstream.requests.length;
    const { client } = await replica();
    await client.get({ path: '/value', params: { q: 'b' }, schema, ttlMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await client.get({ path: '/value', params: { q: 'b' }, schema, ttlMs: 100 });
    expect(upstream.requests.length - before).toBe(2);
  });

  it('shares a request budget between replicas', async () => {
    const keyPrefix = `test-budget-${Date.now()}`;
    const limiters = [await replica(), await replica()].map(({ store }) =>
      createRequestLimiter({ upstream: 'Shared API', requestsPerMinute: 3, redis: store.redis, keyPrefix }),
    );
    await limiters[0]!.take();
    await limiters[1]!.take();
    await limiters[0]!.take();
    const error = await limiters[1]!.take().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).message).toMatch(/^Shared API: rate limited, retry in \d+ s/);
  });
});
