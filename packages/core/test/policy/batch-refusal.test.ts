import request from 'supertest';
import { createGuards, createLogger, createMetrics, parseEnv, securityEnvSchema } from '../../src/index.ts';
import { createEchoApp } from '../echo-pack.ts';
import { writePolicyFile } from '../support/policy-fixtures.ts';

interface Member {
  id: number;
  result?: unknown;
  error?: { code: number; data?: { retryAfterSeconds?: number; window?: string } };
}

const callOf = (id: number, name = 'echo') => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: name === 'sum' ? { numbers: [1] } : { text: 'hi' } } });
const DAY_MS = 86_400_000;
const secondsToMidnight = () => ((Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS - Date.now()) / 1000;
const budgetRefused = (members: Member[]) => members.filter((member) => member.error?.code === -32029);

/** A JSON-RPC batch whose calls the caller's minute limit or daily quota refuses (docs/security.md, "Limits and quotas per caller"). */
describe('a batch refused by the caller budget', () => {
  async function appFor(entry: Record<string, unknown>) {
    const key = `key-${String(entry.name)}-0123456789`;
    const logger = createLogger({ level: 'silent' });
    const guards = await createGuards(parseEnv(securityEnvSchema, { API_KEYS_FILE: writePolicyFile([{ ...entry, key }]) }), logger);
    const app = createEchoApp({ guards: guards.handlers, logger, metrics: createMetrics({ collectProcessMetrics: false }), callPolicy: guards.budget ? { budget: guards.budget } : {} });
    const post = (body: unknown) => request(app).post('/echo/mcp').set('authorization', `Bearer ${key}`).send(body as object);
    return { post, close: () => guards.close() };
  }

  it('every call refused: 429 with Retry-After, as a single refused call is, and every member says why', async () => {
    const { post, close } = await appFor({ name: 'quota', daily_quota: 1 });
    try {
      await post(callOf(1)).expect(200);
      const batch = await post([callOf(2), callOf(3, 'sum')]).expect(429);
      const members = batch.body as Member[];
      expect(members.map(({ id }) => id)).toEqual([2, 3]);
      expect(budgetRefused(members)).toHaveLength(2);
      expect(Number(batch.headers['retry-after'])).toBe(members[0]!.error!.data!.retryAfterSeconds);
      expect(Number(batch.headers['retry-after'])).toBeGreaterThanOrEqual(Math.floor(secondsToMidnight()) - 5);
      expect(Number(batch.headers['retry-after'])).toBeLessThanOrEqual(Math.ceil(secondsToMidnight()) + 1);
    } finally {
      await close();
    }
  });

  it('a minute refusal beside a daily one: Retry-After is the day\'s (the later), not the minute\'s', async () => {
    // One call spends the day; of the batch's two, one passes the minute and meets the spent day, the other meets the spent minute.
    const { post, close } = await appFor({ name: 'both', rate_limit_per_minute: 2, daily_quota: 1 });
    try {
      await post(callOf(1)).expect(200);
      const batch = await post([callOf(2), callOf(3)]).expect(429);
      const members = batch.body as Member[];
      expect(members.map((member) => member.error?.data?.window).sort()).toEqual(['day', 'minute']);
      const seconds = members.map((member) => member.error!.data!.retryAfterSeconds!);
      expect(Math.min(...seconds)).toBeLessThanOrEqual(60);
      expect(Number(batch.headers['retry-after'])).toBe(Math.max(...seconds));
    } finally {
      await close();
    }
  });

  it('some calls answered: 200 and no Retry-After; each refused member carries its own retry time', async () => {
    const { post, close } = await appFor({ name: 'partial', daily_quota: 2 });
    try {
      const batch = await post([callOf(1), callOf(2), callOf(3)]).expect(200);
      expect(batch.headers['retry-after']).toBeUndefined();
      const members = batch.body as Member[];
      expect(members.filter((member) => member.result !== undefined)).toHaveLength(2);
      const [refused] = budgetRefused(members);
      expect(refused?.error?.data).toMatchObject({ window: 'day', retryAfterSeconds: expect.any(Number) });
    } finally {
      await close();
    }
  });

  it('a spent budget beside a method it does not meter, or a tool not allowed: 200, no Retry-After', async () => {
    const { post, close } = await appFor({ name: 'mixed', daily_quota: 1, tools: ['echo/echo'] });
    try {
      await post(callOf(1)).expect(200);
      const withList = await post([callOf(2), { jsonrpc: '2.0', id: 3, method: 'tools/list' }]).expect(200);
      expect(withList.headers['retry-after']).toBeUndefined();
      expect(budgetRefused(withList.body as Member[])).toHaveLength(1);
      // Waiting would not make `sum` allowed: the batch is not refused as a whole.
      const withForbidden = await post([callOf(4), callOf(5, 'sum')]).expect(200);
      expect(withForbidden.headers['retry-after']).toBeUndefined();
      expect((withForbidden.body as Member[]).map((member) => member.error?.code)).toEqual([-32029, -32003]);
    } finally {
      await close();
    }
  });
});
