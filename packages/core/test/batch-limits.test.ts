import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp, createGuards, createLogger, createMetrics, parseEnv, securityEnvSchema, type AppOptions } from '../src/index.ts';
import { createEchoApp } from './echo-pack.ts';
import { createLoadPack, toolCall } from './support/load-pack.ts';

const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const batchOf = <T>(size: number, make: (id: number) => T): T[] => Array.from({ length: size }, (_, id) => make(id));

function loadApp(overrides: Partial<AppOptions> = {}) {
  const load = createLoadPack();
  const app = createApp({
    packs: [{ pack: load.pack, segment: 'load' }],
    logger: createLogger({ level: 'silent' }),
    metrics: createMetrics({ collectProcessMetrics: false }),
    ...overrides,
  });
  return { app, stats: load.stats };
}

describe('JSON-RPC batch size (MAX_BATCH_SIZE)', () => {
  it('accepts a batch of 100 by default and refuses 101 with a JSON-RPC error naming the limit', async () => {
    const app = createEchoApp();
    const ok = await request(app).post('/echo/mcp').send(batchOf(100, list)).expect(200);
    expect(ok.body).toHaveLength(100);
    const refused = await request(app).post('/echo/mcp').send(batchOf(101, list));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: 'Bad Request: a JSON-RPC batch may hold at most 100 messages and this one holds 101; send them in several requests',
        data: { maxBatchSize: 100, batchSize: 101 },
      },
    });
  });

  it('follows the configured limit, and counts notifications as messages', async () => {
    const app = createEchoApp({ limits: { maxBatchSize: 3 } });
    await request(app).post('/echo/mcp').send(batchOf(3, list)).expect(200);
    const notification = { jsonrpc: '2.0', method: 'notifications/initialized' };
    await request(app).post('/echo/mcp').send([...batchOf(3, list), notification]).expect(400);
  });
});

describe('the size of an answer (MAX_RESPONSE_BYTES)', () => {
  it('stops running members once the answers reach the limit; the rest get a short error', async () => {
    const { app, stats } = loadApp({ limits: { maxResponseBytes: 20_000, batchConcurrency: 1 } });
    const response = await request(app).post('/load/mcp').send(batchOf(40, (id) => toolCall(id, 'hold', { ms: 0, pad: 2_000 }))).expect(200);
    const replies = response.body as { id: number; result?: unknown; error?: { message: string } }[];
    expect(replies.map((reply) => reply.id)).toEqual(batchOf(40, (id) => id));
    const answered = replies.filter((reply) => reply.result);
    const refused = replies.filter((reply) => reply.error);
    // Each answer carries the pad twice (text and structuredContent): about 4 kB.
    expect(answered.length).toBeGreaterThanOrEqual(3);
    expect(answered.length).toBeLessThanOrEqual(5);
    expect(refused.length).toBe(40 - answered.length);
    expect(refused[0]!.error!.message).toMatch(/^Response too large: the answers to this batch reached the 20000-byte limit/);
    // Members after the limit was reached were never run (one more than answered at most).
    expect(stats.calls).toBeLessThanOrEqual(answered.length + 1);
    expect(response.text.length).toBeLessThan(20_000 + 40 * 200);
  });

  it('answers a batch as its members in order, as JSON or as events, with the byte length it declares', async () => {
    const { app } = loadApp();
    const batch = batchOf(3, (id) => toolCall(id, 'prose', { chars: 300 }));
    const json = await request(app).post('/load/mcp').send(batch).expect(200);
    expect(Number(json.headers['content-length'])).toBe(Buffer.byteLength(json.text));
    const replies = json.body as { id: number; result: { structuredContent: { text: string } } }[];
    expect(replies.map((reply) => reply.id)).toEqual([0, 1, 2]);
    expect(replies.every((reply) => reply.result.structuredContent.text.startsWith('A naïve café owner said — once'))).toBe(true);

    const sse = await request(app).post('/load/mcp').set('accept', 'text/event-stream').send(batch).expect(200);
    expect(sse.headers['content-type']).toBe('text/event-stream');
    const events = sse.text.split('\n\n');
    expect(events.pop()).toBe('');
    expect(events.map((event) => (JSON.parse(event.replace(/^event: message\ndata: /, '')) as { id: number }).id)).toEqual([0, 1, 2]);
    expect(events.map((event) => JSON.parse(event.replace(/^event: message\ndata: /, '')) as unknown)).toEqual(replies);
  });

  it('bounds a single answer too', async () => {
    const { app } = loadApp({ limits: { maxResponseBytes: 5_000 } });
    const response = await request(app).post('/load/mcp').send(toolCall(7, 'hold', { ms: 0, pad: 10_000 })).expect(200);
    expect(response.body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32013, message: 'Response too large: the answer exceeds the 5000-byte limit; ask for less' } });
  });
});

describe('calls in flight', () => {
  it('one batch runs at most BATCH_CONCURRENCY members at once (default 4)', async () => {
    const { app, stats } = loadApp();
    const response = await request(app).post('/load/mcp').send(batchOf(100, (id) => toolCall(id, 'hold', { ms: 2 }))).expect(200);
    expect(response.body).toHaveLength(100);
    expect(stats.calls).toBe(100);
    expect(stats.maxRunning).toBe(4);
  });

  it('stops starting members once the client has gone', async () => {
    const { app, stats } = loadApp();
    const server = createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const controller = new AbortController();
      const body = JSON.stringify(batchOf(100, (id) => toolCall(id, 'hold', { ms: 20 })));
      const pending = fetch(`http://127.0.0.1:${port}/load/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: controller.signal }).catch(() => 'aborted');
      while (stats.calls < 8) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.abort();
      expect(await pending).toBe('aborted');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // About 25 turns of 4 members were left; only those already running finish.
      expect(stats.calls).toBeLessThan(30);
    } finally {
      server.close();
    }
  });

  it('one client runs at most MAX_CALLS_IN_FLIGHT_PER_CLIENT tool calls at once, across requests; all are answered', async () => {
    const { app, stats } = loadApp({ limits: { maxCallsInFlightPerClient: 3 } });
    const replies = await Promise.all(batchOf(12, (id) => request(app).post('/load/mcp').send(toolCall(id, 'hold', { ms: 20 }))));
    expect(replies.map((reply) => reply.body.result?.structuredContent?.held)).toEqual(batchOf(12, () => 20));
    expect(stats.maxRunning).toBe(3);
  });
});

describe('every message of a batch costs a rate-limit point', () => {
  async function limitedApp(limit: number) {
    const logger = createLogger({ level: 'silent' });
    const guards = await createGuards(parseEnv(securityEnvSchema, { RATE_LIMIT_PER_MINUTE: String(limit) }), logger);
    return loadApp({ guards: guards.handlers, logger });
  }
  const hold = (id: number) => toolCall(id, 'hold', { ms: 0 });

  it('a batch of 8 spends 8; a batch larger than what is left gets 429 and runs nothing', async () => {
    const { app, stats } = await limitedApp(10);
    const first = await request(app).post('/load/mcp').send(batchOf(8, hold)).expect(200);
    expect(first.headers['ratelimit-remaining']).toBe('2');
    const refused = await request(app).post('/load/mcp').send(batchOf(5, hold));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Too Many Requests: the limit is 10 requests per minute \(a batch of 5 messages costs 5\); retry after \d+ s$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(stats.calls).toBe(8);
    await request(app).post('/load/mcp').send(list(1)).expect(429);
  });

  it('a single-message batch costs one, like a plain request', async () => {
    const { app } = await limitedApp(2);
    const reply = await request(app).post('/load/mcp').send([list(1)]).expect(200);
    expect(reply.headers['ratelimit-remaining']).toBe('1');
  });
});
