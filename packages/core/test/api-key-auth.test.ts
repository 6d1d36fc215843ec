import request from 'supertest';
import { createGuards, createLogger, parseEnv, securityEnvSchema } from '../src/index.ts';
import { createEchoApp } from './echo-pack.ts';
import { captureLog } from './support/capture-log.ts';

const KEY_A = 'tg_live_4b1d6f0e8a2c4e5f9a7b3c1d2e0f8a6b';
const KEY_B = 'second-key-with-other-length';
const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } };

async function appWith(env: Record<string, string>, logger = createLogger({ level: 'silent' })) {
  const guards = await createGuards(parseEnv(securityEnvSchema, env), logger);
  return createEchoApp({ guards: guards.handlers, logger });
}

describe('API keys', () => {
  it('are off by default: without API_KEYS every MCP request is served', async () => {
    const app = await appWith({});
    const response = await request(app).post('/echo/mcp').send(call);
    expect(response.status).toBe(200);
    expect(response.body.result.structuredContent).toEqual({ text: 'hi', length: 2 });
  });

  describe('with API_KEYS set', () => {
    let app: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      app = await appWith({ API_KEYS: ` ${KEY_A}, ${KEY_B} ` });
    });

    it('a request without a key → 401, a Bearer challenge and a JSON-RPC error body', async () => {
      const response = await request(app).post('/echo/mcp').send(call);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="toolgate"');
      expect(response.body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32001, message: expect.stringMatching(/^Unauthorized: send an API key/) } });
    });

    it('the 401 echoes the JSON-RPC id of the call it refuses (null when there is none to echo)', async () => {
      // An app of its own: these refusals would spend the shared app's failure budget.
      const app = await appWith({ API_KEYS: KEY_A });
      const named = await request(app).post('/echo/mcp').set('authorization', 'Bearer nope').send({ ...call, id: 'call-41' });
      expect(named.body.id).toBe('call-41');
      const batch = await request(app).post('/echo/mcp').send([call]);
      expect([batch.status, batch.body.id]).toEqual([401, null]);
      const garbage = await request(app).post('/echo/mcp').set('content-type', 'application/json').send('{"id": 3,');
      expect([garbage.status, garbage.body.id]).toEqual([401, null]);
    });

    it.each([
      ['GET', '/echo/mcp/extra'],
      ['POST', '/echo/mcp/sub/path'],
      ['POST', '/echo/mcp/'],
      ['GET', '/.well-known/oauth-protected-resource/echo/mcp'],
      ['GET', '/.well-known/oauth-protected-resource'],
      ['GET', '/.well-known/oauth-authorization-server'],
      ['GET', '/.well-known/openid-configuration'],
      ['POST', '/register'],
    ])('%s %s is a plain 404 outside the key check, as it is without keys', async (method, path) => {
      const response = await request(app)[method === 'GET' ? 'get' : 'post'](path).send(method === 'POST' ? call : undefined);
      expect(response.status).toBe(404);
      expect(response.headers['www-authenticate']).toBeUndefined();
      if (!path.startsWith('/echo/')) {
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.text).toMatch(/does not offer OAuth.*Authorization: Bearer <key>/);
      }
    });

    it.each([
      ['a wrong key', 'Bearer nope'],
      ['a key one character short', `Bearer ${KEY_A.slice(0, -1)}`],
      ['a key with a suffix', `Bearer ${KEY_A}x`],
      ['a giant key', `Bearer ${'k'.repeat(8000)}`],
      ['the wrong scheme', `Basic ${Buffer.from(`user:${KEY_A}`).toString('base64')}`],
    ])('%s → 401 invalid or missing token, never a 500', async (_label, authorization) => {
      const response = await request(app).post('/echo/mcp').set('authorization', authorization).send(call);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="toolgate"/);
      expect(response.body.error.code).toBe(-32001);
    });

    it.each([
      ['Authorization: Bearer (first key)', { authorization: `Bearer ${KEY_A}` }],
      ['Authorization: bearer, any case (second key)', { authorization: `bearer ${KEY_B}` }],
      ['X-API-Key', { 'x-api-key': KEY_A }],
    ])('%s → served', async (_label, headers) => {
      const response = await request(app).post('/echo/mcp').set(headers).send(call);
      expect(response.status).toBe(200);
      expect(response.body.result.structuredContent.text).toBe('hi');
    });

    it('guards every MCP method, not only tools/call', async () => {
      const list = await request(app).post('/echo/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(list.status).toBe(401);
      const get = await request(app).get('/echo/mcp');
      expect(get.status).toBe(401);
    });

    it.each(['/healthz', '/readyz', '/metrics'])('%s stays open for probes and scrapers', async (path) => {
      const response = await request(app).get(path);
      expect(response.status).toBe(200);
    });
  });

  it('never writes a key to the log, even at trace level', async () => {
    const log = captureLog();
    const app = await appWith({ API_KEYS: `${KEY_A},${KEY_B}` }, log.logger);
    const wrongKey = 'wrong-key-that-must-not-be-logged-either';
    await request(app).post('/echo/mcp').set('authorization', `Bearer ${KEY_A}`).send(call).expect(200);
    await request(app).post('/echo/mcp').set('x-api-key', KEY_B).send(call).expect(200);
    await request(app).post('/echo/mcp').set('authorization', `Bearer ${wrongKey}`).send(call).expect(401);
    // A handler crash logs the error with its context: the key must not ride along.
    const crash = { ...call, params: { name: 'echo', arguments: { text: 'crash' } } };
    await request(app).post('/echo/mcp').set('x-api-key', KEY_A).send(crash).expect(200);
    const text = log.text();
    expect(text).toMatch(/rejected an unknown API key/);
    expect(text).toMatch(/tool handler failed/);
    for (const secret of [KEY_A, KEY_B, wrongKey]) expect(text).not.toContain(secret);
  });
});
