import { Redis } from 'ioredis';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startRedisServer, until, type RedisServer } from '@toolgate/test-support';
import { createLogger } from '../../src/index.ts';
import { AccessPolicy } from '../../src/security/policy/access-policy.ts';
import { createCallBudget } from '../../src/security/policy/call-budget.ts';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process.ts';
import { writePolicyFile } from '../support/policy-fixtures.ts';

const KEYS = { daily: 'key-daily-quota-three', minute: 'key-two-per-minute', sdk: 'key-for-the-sdk-client', open: 'key-without-limits' };
const DAY_MS = 86_400_000;
const nextMidnight = () => new Date((Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS).toISOString();

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { result?: { _meta?: Record<string, unknown>; structuredContent?: unknown }; error?: { code: number; message: string; data?: Record<string, unknown> } };
}

async function call(gateway: GatewayProcess, key: string): Promise<Answer> {
  const response = await fetch(`${gateway.url}/echo/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'] };
}

const budgetOf = (answer: Answer) => answer.body.result?._meta?.['dev.toolgate/budget'] as { minute?: { remaining: number; limit: number; reset: string }; day?: { remaining: number; limit: number; reset: string } } | undefined;

describe('per-caller limits and daily quotas, shared through a real Redis by two gateway processes', () => {
  let redis: RedisServer;
  let a: GatewayProcess;
  let b: GatewayProcess;

  beforeAll(async () => {
    redis = await startRedisServer();
    const file = writePolicyFile([
      { name: 'daily', key: KEYS.daily, daily_quota: 3, rate_limit_per_minute: 100 },
      { name: 'minute', key: KEYS.minute, rate_limit_per_minute: 2 },
      { name: 'sdk', key: KEYS.sdk, daily_quota: 2 },
      { name: 'open', key: KEYS.open },
    ]);
    const env = { API_KEYS_FILE: file, REDIS_URL: redis.url };
    [a, b] = await Promise.all([startGatewayProcess(env), startGatewayProcess(env)]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  it('a daily quota spent on one process is spent on both; each result tells what is left', async () => {
    const answers = [await call(a, KEYS.daily), await call(b, KEYS.daily), await call(a, KEYS.daily)];
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => budgetOf(answer)?.day?.remaining)).toEqual([2, 1, 0]);
    expect(budgetOf(answers[0]!)).toMatchObject({ day: { limit: 3, reset: nextMidnight() }, minute: { limit: 100, remaining: 99 } });

    const refused = await call(b, KEYS.daily);
    expect(refused.status).toBe(429);
    const secondsToMidnight = (Date.parse(nextMidnight()) - Date.now()) / 1000;
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(Math.floor(secondsToMidnight) - 5);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(Math.ceil(secondsToMidnight) + 1);
    expect(refused.body.error).toMatchObject({
      code: -32029,
      message: expect.stringMatching(/^Too Many Requests: this key's daily quota of 3 tool calls \(UTC day\) is spent; retry after \d+ s/),
      data: { retryAfterSeconds: Number(refused.retryAfter), limit: 3, reset: nextMidnight(), window: 'day' },
    });
    // Each process wrote its audit lines, the refusal included, naming the key, never holding it.
    const auditedOnB = () => b.lines.filter((line) => line.audit === 'tool_call' && line.caller === 'daily').map(({ outcome }) => outcome);
    await until(() => auditedOnB().length >= 2);
    expect(auditedOnB()).toEqual(['ok', 'over_quota']);
    expect(JSON.stringify([...a.lines, ...b.lines])).not.toContain(KEYS.daily);
  });

  it('a minute limit is shared the same way, and says when the minute ends', async () => {
    expect([(await call(a, KEYS.minute)).status, (await call(b, KEYS.minute)).status]).toEqual([200, 200]);
    const refused = await call(a, KEYS.minute);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(refused.body.error?.data).toMatchObject({ limit: 2, window: 'minute', retryAfterSeconds: Number(refused.retryAfter) });
    // Another key's budget is its own, and a key without limits carries no budget.
    const open = await call(b, KEYS.open);
    expect(open.status).toBe(200);
    expect(budgetOf(open)).toBeUndefined();
  });

  it('a client that reconnects and re-initializes spends from the same budget (never per session)', async () => {
    const connect = async (gateway: GatewayProcess) => {
      const client = new Client({ name: 'quota-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${gateway.url}/echo/mcp`), { requestInit: { headers: { authorization: `Bearer ${KEYS.sdk}` } } }));
      return client;
    };
    const first = await connect(a);
    const result = await first.callTool({ name: 'echo', arguments: { text: 'one' } });
    expect(result._meta?.['dev.toolgate/budget']).toMatchObject({ day: { limit: 2, remaining: 1 } });
    await first.close();
    const second = await connect(b);
    try {
      expect((await second.callTool({ name: 'echo', arguments: { text: 'two' } }))._meta?.['dev.toolgate/budget']).toMatchObject({ day: { remaining: 0 } });
      await expect(second.callTool({ name: 'echo', arguments: { text: 'three' } })).rejects.toThrow(/429|Too Many Requests/);
    } finally {
      await second.close();
    }
  });

  it('keeps its counters in Redis under the key name, never the key', async () => {
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('toolgate-calls-*');
      expect(keys).toEqual(expect.arrayContaining(['toolgate-calls-minute:key:minute', expect.stringMatching(/^toolgate-calls-day:key:daily:\d+$/)]));
      expect(keys.join(' ')).not.toMatch(/key-daily-quota|key-two-per-minute|key-for-the-sdk/);
    } finally {
      client.disconnect();
    }
  });

  it('keeps answering when Redis goes away (counting in memory), never a 500', async () => {
    await redis.stop();
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await call(a, KEYS.minute)).status);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses).toContain(429);
  });
});

describe('the call budget without Redis (one process)', () => {
  it('resets the daily quota at midnight UTC: a call just before it is told to retry within seconds', async () => {
    const midnight = Date.parse('2026-11-27T00:00:00.000Z');
    const budget = createCallBudget({ logger: createLogger({ level: 'silent' }), now: () => midnight - 4_500 });
    const caller = { kind: 'key' as const, id: 'key:clock', name: 'clock', policy: new AccessPolicy({ dailyQuota: 1 }) };
    expect(await budget.charge(caller)).toEqual({ allowed: true, state: { day: { limit: 1, remaining: 0, resetAt: midnight } } });
    expect(await budget.charge(caller)).toEqual({ allowed: false, window: 'day', limit: 1, resetAt: midnight, retryAfterSeconds: 5 });
  });

  it('a caller without limits is not counted at all', async () => {
    const budget = createCallBudget({ logger: createLogger({ level: 'silent' }) });
    expect(await budget.charge({ kind: 'key', id: 'k', name: 'k', policy: new AccessPolicy({ packs: ['echo'] }) })).toBeUndefined();
  });
});
