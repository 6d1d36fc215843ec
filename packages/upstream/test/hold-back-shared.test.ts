import { Writable } from 'node:stream';
import request from 'supertest';
import { z } from 'zod';
import { createApp, createLogger, createMetrics, definePack, defineTool, type GatewayMetrics } from '@toolgate/core/server';
import { createStores, createUpstreamClient, type UpstreamStores } from '../src/index.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { connectRedis, startRedis, type RunningRedis } from '../testing/redis-server.ts';
import { failure } from './support/failure.ts';

const KEY = 'bandsintown-app-id-5f1c9e';
const schema = z.object({ ok: z.boolean() });
let redis: RunningRedis;
let upstream: FakeUpstream;
let limited = true;
const stores: UpstreamStores[] = [];

beforeAll(async () => {
  redis = await startRedis();
  upstream = await startFakeUpstream(() => (limited ? { status: 429, body: { errorMessage: 'Rate limit exceeded' }, headers: { 'retry-after': '600' } } : { body: { ok: true } }));
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await upstream?.close();
  await redis?.stop();
});

/**
 * One replica as a process has it: its own Redis connection, client, metrics, log and app. The
 * clock is the test's: it starts at the real time (so /healthz's and the gauge's "now" agree with
 * it) and moves only when the test moves it.
 */
async function replica(clock: { now: number }) {
  const store = await createStores({ redisUrl: redis.url });
  stores.push(store);
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', destination: new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) }) });
  const metrics: GatewayMetrics = createMetrics({ collectProcessMetrics: false });
  const client = createUpstreamClient({
    name: 'Bandsintown', baseUrl: upstream.url, timeoutMs: 10_000, secrets: [KEY], redis: store.redis, logger, observer: metrics.upstream,
    retry: { retries: 0 }, now: () => clock.now,
  });
  const pack = definePack({
    name: 'concert',
    version: '1.0.0',
    tools: [
      defineTool({
        name: 'events',
        title: 'Events',
        description: 'Reads the stand-in.',
        inputSchema: z.object({}),
        outputSchema: schema,
        handler: () => client.get({ path: '/artists/x/events', params: { app_id: KEY }, schema, ttlMs: 0, operation: 'events' }),
      }),
    ],
  });
  const app = createApp({ packs: [{ pack, segment: 'concert' }], logger, metrics });
  const call = () => client.get({ path: '/artists/x/events', params: { app_id: KEY }, schema, ttlMs: 0, operation: 'events' });
  return { app, call, metrics, logs: () => lines.join('') };
}

/** Issue 41: the hold is shared by replicas through Redis, and shown on /healthz and /metrics, the key never in clear. */
describe('a hold-back across two replicas sharing one Redis', () => {
  it('a 429 seen by one replica holds the other back; /healthz, the metric and the log say until when, with the key hashed', async () => {
    const clock = { now: Date.now() };
    const until = new Date(clock.now + 600_000).toISOString();
    const first = await replica(clock);
    const second = await replica(clock);

    expect((await failure(first.call())).message).toMatch(/^Bandsintown: rate limited \(HTTP 429, retry in 600 s\)/);
    expect(upstream.requests).toHaveLength(1);
    clock.now += 60_000;
    const held = await failure(second.call());
    expect(held.message).toBe(`Bandsintown: rate limited (HTTP 429, retry in 540 s, at ${until}); held back until then, no request sent`);
    const tool = await request(second.app).post('/concert/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'events', arguments: {} } });
    expect(tool.body.result).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/retry in 540 s, at .*held back until then, no request sent/) }] });
    expect(upstream.requests).toHaveLength(1);

    // The second replica learned it from Redis: its /healthz and metric show it too.
    for (const { app } of [first, second]) {
      const health = await request(app).get('/healthz');
      expect(health.body.heldBack).toEqual([{ upstream: 'Bandsintown', credential: expect.stringMatching(/^[0-9a-f]{12}$/), until, statusCode: 429 }]);
      expect(health.text).not.toContain(KEY);
      const metrics = await request(app).get('/metrics');
      expect(metrics.text).toMatch(new RegExp(`toolgate_upstream_held_back_until_seconds\\{upstream="Bandsintown",credential="${health.body.heldBack[0].credential}",route="",status="429"\\} ${(clock.now - 60_000 + 600_000) / 1000}`));
      expect(metrics.text).not.toContain(KEY);
    }
    expect(first.logs()).toMatch(/"credential":"[0-9a-f]{12}".*"until":"[^"]+".*upstream asked to be left alone/);
    for (const { logs } of [first, second]) expect(logs()).not.toContain(KEY);

    const inspect = connectRedis(redis.url);
    try {
      const keys = await inspect.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key).toMatch(/^toolgate:hold:[A-Za-z0-9_-]+$/);
        expect(await inspect.get(key)).not.toContain(KEY);
      }
    } finally {
      inspect.disconnect();
    }

    // The window ends when the upstream said, for both.
    limited = false;
    clock.now += 540_000;
    await expect(second.call()).resolves.toEqual({ ok: true });
    await expect(first.call()).resolves.toEqual({ ok: true });
    expect(upstream.requests).toHaveLength(3);
  });
});
