import { Redis } from 'ioredis';
import { startServer, type RunningServer } from '../src/index.ts';
import { echoModule } from './support/echo-module.ts';
import { startRedisServer, type RedisServer } from '@toolgate/test-support';

const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });

function post(server: RunningServer, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/echo/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: call });
}

describe('rate limiting shared through Redis (a real redis-server)', () => {
  let redis: RedisServer;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = { PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: redis.url, API_KEYS: 'shared-key,other-key' };
    servers.push(await startServer({ service: 'a', modules: [echoModule], defaultPort: 0, env }));
    servers.push(await startServer({ service: 'b', modules: [echoModule], defaultPort: 0, env }));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await redis?.stop();
  });

  it('two gateway instances draw on one budget per client', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a, b]) statuses.push((await post(server, { 'x-api-key': 'shared-key' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const limited = await post(b, { 'x-api-key': 'shared-key' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32029, message: expect.stringMatching(/Too Many Requests/) } });
    // Another client's budget is untouched.
    expect((await post(a, { 'x-api-key': 'other-key' })).status).toBe(200);
  });

  it('keeps the counters in Redis under a key id, never the key itself', async () => {
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('toolgate-rl*');
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(keys.join(' ')).not.toMatch(/shared-key|other-key/);
    } finally {
      client.disconnect();
    }
  });

  it('keeps answering (never a 500) when Redis goes away, counting in memory instead', async () => {
    await redis.stop();
    const statuses = new Set<number>();
    for (let index = 0; index < 6; index += 1) statuses.add((await post(servers[0]!, { 'x-api-key': 'other-key' })).status);
    expect([...statuses].every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses.has(429)).toBe(true);
  });
});

// Issue 11, items 2 and 6, with the counters in Redis: batch members and failed keys are
// counted once for every replica.
describe('batches and failed keys, counted in Redis', () => {
  let redis: RedisServer;
  const servers: RunningServer[] = [];
  const batch = (size: number) => JSON.stringify(Array.from({ length: size }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' })));
  const send = (server: RunningServer, body: string, headers: Record<string, string>) =>
    fetch(`${server.url}/echo/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = { PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '10', AUTH_FAILURES_PER_MINUTE: '3', REDIS_URL: redis.url, API_KEYS: 'batch-key' };
    servers.push(await startServer({ service: 'a', modules: [echoModule], defaultPort: 0, env }));
    servers.push(await startServer({ service: 'b', modules: [echoModule], defaultPort: 0, env }));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await redis?.stop();
  });

  it('every message of a batch costs a point of the one shared budget', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const first = await send(a, batch(6), { 'x-api-key': 'batch-key' });
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('4');
    expect((await send(b, batch(5), { 'x-api-key': 'batch-key' })).status).toBe(429);
  });

  it('failed keys are counted per address across replicas', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const statuses: number[] = [];
    for (const server of [a, b, a, b]) statuses.push((await send(server, batch(1), { 'x-api-key': 'wrong' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const client = new Redis(redis.url);
    try {
      expect(await client.keys('toolgate-auth-failures*')).toEqual(['toolgate-auth-failures:ip-127.0.0.1']);
    } finally {
      client.disconnect();
    }
  });
});
