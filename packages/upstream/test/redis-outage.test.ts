import { Redis } from 'ioredis';
import { z } from 'zod';
import { createRequestLimiter, createStores, createUpstreamClient, type UpstreamStores } from '../src/index.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { startRedis, type RunningRedis } from '../testing/redis-server.ts';
import { until } from '@toolgate/test-support';

const schema = z.object({ value: z.number() });
/**
 * Far above a healthy Redis's answer even on a loaded machine, so only a hung Redis ever reaches
 * it. What the tests check is counted, not timed: which calls sent Redis a command at all.
 */
const COMMAND_TIMEOUT_MS = 5_000;

/** Every command the client sends from now on, by name (the background PINGs included). */
function recordCommands(client: Redis): string[] {
  const sent: string[] = [];
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    sent.push(command.name);
    return send(command, stream);
  };
  return sent;
}
/** The commands a caller sent: everything but the breaker's own background PINGs. */
const callerCommands = (sent: string[]) => sent.filter((name) => name !== 'ping');

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

  it('a dead Redis (SIGKILL): every cached call is answered from the upstream without sending Redis a command', async () => {
    await get('before');
    expect(await inspector.keys('toolgate:cache:*')).toHaveLength(1);
    inspector.disconnect();
    const sent = recordCommands(stores.redis!.client);
    await redis.kill();
    // Before: each call waited on the dead connection (offline queue, a retry, a command timeout).
    for (let index = 0; index < 10; index += 1) await expect(get(`dead-${index}`)).resolves.toEqual({ value: 42 });
    // At most the first call, racing the connection's close, sends one command (it fails with the
    // connection, at once); from then on Redis is away and no call asks it.
    expect(callerCommands(sent).length).toBeLessThanOrEqual(1);
  }, 30_000);

  it('a hung Redis (SIGSTOP): at most one call waits one command timeout, the rest skip Redis until it answers again', async () => {
    const sent = recordCommands(stores.redis!.client);
    redis.pause();
    // The first call finds Redis hung (its one command times out), the rest do not ask it.
    await expect(get('hung-0')).resolves.toEqual({ value: 42 });
    expect(stores.redis!.available()).toBe(false);
    const asked = callerCommands(sent).length;
    expect(asked).toBe(1);
    for (let index = 1; index < 10; index += 1) await expect(get(`hung-${index}`)).resolves.toEqual({ value: 42 });
    expect(callerCommands(sent)).toHaveLength(asked);
    redis.resume();
    await until(() => stores.redis!.available());
    const cached = (await inspector.keys('toolgate:cache:*')).length;
    await get('after');
    expect(await inspector.keys('toolgate:cache:*')).toHaveLength(cached + 1);
  }, 30_000);

  it('an upstream budget counted in Redis keeps counting (in memory) while Redis is hung', async () => {
    const limiter = createRequestLimiter({ upstream: 'Cached API', requestsPerMinute: 3, redis: stores.redis, keyPrefix: `hung-budget-${Date.now()}` });
    await limiter.take();
    const sent = recordCommands(stores.redis!.client);
    redis.pause();
    // The first take finds Redis hung; the next ones count in memory without asking it.
    await expect(limiter.take()).resolves.toBeUndefined();
    const asked = callerCommands(sent).length;
    expect(asked).toBeGreaterThan(0);
    await expect(limiter.take()).resolves.toBeUndefined();
    await expect(limiter.take()).resolves.toBeUndefined();
    // The in-memory fallback counts from zero and refuses once its three are spent (no free pass).
    await expect(limiter.take()).rejects.toThrow(/rate limited/);
    expect(callerCommands(sent)).toHaveLength(asked);
  }, 30_000);
});
