import request from 'supertest';
import { createGuards, parseEnv, securityEnvSchema } from '../src/index.ts';
import { createEchoApp } from './echo-pack.ts';
import { captureLog } from './support/capture-log.ts';

const KEY = 'good-key-0123456789';
const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } };

// Issue 11, item 6: guessing keys is not free.
describe('failed authentications per client address (AUTH_FAILURES_PER_MINUTE)', () => {
  async function appWith(env: Record<string, string>) {
    const log = captureLog();
    const security = parseEnv(securityEnvSchema, { API_KEYS: KEY, TRUST_PROXY: 'loopback', ...env });
    const guards = await createGuards(security, log.logger);
    return { app: createEchoApp({ guards: guards.handlers, logger: log.logger, trustProxy: security.TRUST_PROXY }), log };
  }
  const from = (app: Parameters<typeof request>[0], address: string, key?: string) => {
    const pending = request(app).post('/echo/mcp').set('x-forwarded-for', address);
    return (key ? pending.set('x-api-key', key) : pending).send(call);
  };

  it('after N failures an address gets 429, even with the right key, while other addresses are served', async () => {
    const { app } = await appWith({ AUTH_FAILURES_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (const key of ['guess-1', undefined, 'guess-2', 'guess-3']) statuses.push((await from(app, '203.0.113.9', key)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await from(app, '203.0.113.9', KEY);
    expect(blocked.status).toBe(429);
    // The refused call's id is echoed, as the 401s echo it (issue 42, point 10).
    expect(blocked.body).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32029 } });
    expect(blocked.body.error.message).toMatch(/^Too Many Requests: 3 failed authentications from this address; retry after \d+ s$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await from(app, '203.0.113.10', KEY).expect(200);
  });

  it('good keys cost nothing: a client that authenticates is never shut out', async () => {
    const { app } = await appWith({ AUTH_FAILURES_PER_MINUTE: '2' });
    for (let index = 0; index < 5; index += 1) await from(app, '203.0.113.11', KEY).expect(200);
    await from(app, '203.0.113.11', 'typo').expect(401);
    await from(app, '203.0.113.11', KEY).expect(200);
  });

  it('defaults to 10, logs a wrong key at debug only, and warns once when an address is shut out', async () => {
    const { app, log } = await appWith({});
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) statuses.push((await from(app, '203.0.113.12', `guess-${index}`)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    const lines = log.text().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((line) => line.msg === 'rejected an unknown API key').every((line) => line.level === 20)).toBe(true);
    expect(lines.filter((line) => line.level >= 30 && line.msg !== 'MCP route guards')).toEqual([
      expect.objectContaining({ level: 40, msg: 'refusing an address after repeated failed authentications' }),
    ]);
  });
});
