import { Redis } from 'ioredis';
import { z } from 'zod';
import { createRequestLimiter, createStores, createUpstreamClient, type UpstreamStores } from '../src/index.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { startRedis, type RunningRedis } from '../testing/redis-server.ts';
import { until } from '@toolgate/test-support';

const schema = z.object({ value: z.number() });
/**
 * A command timeout far above an answer's time even on a loaded machine: a call that waited on
 * Redis takes at least this long, one that skipped it far less, so the bounds below tell them apart
 * without a tight wall-clock limit.
 */
const COMMAND_TIMEOUT_MS = 2_000;
const SKIPPED_REDIS_MS = COMMAND_TIMEOUT_MS / 2;
/** Resolves with the promise's value, or rejects when it takes longer than `ms` (a wait on Redis, not an answer). */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

describe('the shared cache and upstream budgets while Redis is hung or dead (a real redis-server)', () => {
  let redis: RunningRedis;
  let upstream: FakeUpstream;
  let stores: UpstreamStores;
  let inspector: Redis;

  beforeEach(async () => {
    redis = await startRedis();
    upstream = await startFakeUpstream(() => ({ body: { value: 42 } }));
    stores = await createStores({ redisUrl: redis.url, redisCommandTimeoutMs: COMMAND_TIMEOUT_MS });
    inspector = new Redis(redis.url);
    await until(() => stores.redis!.available());
  });
  afterEach(async () => {
    await stores.close();
    inspector.disconnect();
    await upstream.close();
    await redis.stop();
  });

  const client = () => createUpstreamClient({ name: 'Cached API', baseUrl: upstream.url, timeoutMs: 1000, cache: stores.cache });
  const get = (q: string) => client().get({ path: '/value', params: { q }, schema, ttlMs: 60_000 });

  it('a dead Redis (SIGKILL): every cached call is answered from the upstream at once, and Redis is used again once it is back', async () => {
    await get('before');
    expect(await inspector.keys('toolgate:cache:*')).toHaveLength(1);
    inspector.disconnect();
    await redis.kill();
    // Before: each call waited on the dead connection (offline queue, a retry, a command timeout).
    for (let index = 0; index < 10; index += 1) await expect(within(get(`dead-${index}`), SKIPPED_REDIS_MS)).resolves.toEqual({ value: 42 });
  }, 30_000);

  it('a hung Redis (SIGSTOP): at most one call waits one command timeout, the rest skip Redis until it answers again', async () => {
    redis.pause();
    // The first call finds Redis hung (one command timeout), the rest do not ask it.
    await expect(within(get('hung-0'), 2 * COMMAND_TIMEOUT_MS)).resolves.toEqual({ value: 42 });
    expect(stores.redis!.available()).toBe(false);
    for (let index = 1; index < 10; index += 1) await expect(within(get(`hung-${index}`), SKIPPED_REDIS_MS)).resolves.toEqual({ value: 42 });
    redis.resume();
    await until(() => stores.redis!.available());
    const cached = (await inspector.keys('toolgate:cache:*')).length;
    await get('after');
    expect(await inspector.keys('toolgate:cache:*')).toHaveLength(cached + 1);
  }, 30_000);

  it('an upstream budget counted in Redis keeps counting (in memory) while Redis is hung', async () => {
    const limiter = createRequestLimiter({ upstream: 'Cached API', requestsPerMinute: 3, redis: stores.redis, keyPrefix: `hung-budget-${Date.now()}` });
    await limiter.take();
    redis.pause();
    await expect(within(limiter.take(), 2 * COMMAND_TIMEOUT_MS)).resolves.toBeUndefined();
    await expect(within(limiter.take(), SKIPPED_REDIS_MS)).resolves.toBeUndefined();
    await expect(within(limiter.take(), SKIPPED_REDIS_MS)).resolves.toBeUndefined();
    // The in-memory fallback counts from zero and refuses once its three are spent (no free pass).
    await expect(within(limiter.take(), SKIPPED_REDIS_MS)).rejects.toThrow(/rate limited/);
  }, 30_000);
});
