import { Redis } from 'ioredis';
import { startRedisServer, until, type RedisServer } from '@toolgate/test-support';
import { startServer, type RunningServer } from '../src/index.ts';
import { echoModule } from './support/echo-module.ts';

const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });

/** Statuses of `count` calls one after another, each given at most `timeoutMs` (a hang is a failure, not a wait). */
async function calls(server: RunningServer, count: number, timeoutMs = 2_000): Promise<(number | string)[]> {
  const statuses: (number | string)[] = [];
  for (let index = 0; index < count; index += 1) {
    const answer = await fetch(`${server.url}/echo/mcp`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: call, signal: AbortSignal.timeout(timeoutMs),
    }).then((response) => response.status, (error: Error) => error.name);
    statuses.push(answer);
  }
  return statuses;
}

describe('the rate limit while Redis is hung or dead (a real redis-server)', () => {
  let redis: RedisServer;
  let server: RunningServer;
  let inspector: Redis;
  const keysInRedis = async () => (await inspector.keys('toolgate-rl:*')).length;

  beforeEach(async () => {
    redis = await startRedisServer();
    inspector = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: true });
    server = await startServer({ service: 'outage', modules: [echoModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '30', REDIS_URL: redis.url } });
  });
  afterEach(async () => {
    await server.close();
    inspector.disconnect();
    await redis.stop();
  });

  it('a hung Redis (SIGSTOP): every call is answered, counted in memory, and Redis is used again once it answers', async () => {
    expect(await calls(server, 2)).toEqual([200, 200]);
    expect(await keysInRedis()).toBe(1);
    redis.pause();
    // Before: every call waited on the stopped Redis until it came back (26-30 s in the fault run).
    const during = await calls(server, 10);
    expect(during).toEqual(Array(10).fill(200));
    redis.resume();
    await inspector.flushall();
    // Back in Redis: a call writes its counter there again.
    await until(async () => {
      await calls(server, 1);
      return (await keysInRedis()) === 1;
    });
  }, 30_000);

  it('keeps the limit while Redis is away: the in-memory fallback counts too', async () => {
    redis.pause();
    const statuses = await calls(server, 32);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual([429, 429]);
  }, 30_000);

  it('a dead Redis (SIGKILL): calls are answered without waiting on it', async () => {
    expect(await calls(server, 1)).toEqual([200]);
    await redis.kill();
    expect(await calls(server, 10, 1_000)).toEqual(Array(10).fill(200));
  }, 30_000);
});
