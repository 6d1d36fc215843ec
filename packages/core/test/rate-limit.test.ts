import request from 'supertest';
import { createGuards, createLogger, parseEnv, securityEnvSchema } from '../src/index.ts';
import { createEchoApp } from './echo-pack.ts';

const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } };

async function appWith(env: Record<string, string>) {
  const logger = createLogger({ level: 'silent' });
  const security = parseEnv(securityEnvSchema, env);
  const guards = await createGuards(security, logger);
  return createEchoApp({ guards: guards.handlers, logger, trustProxy: security.TRUST_PROXY });
}

describe('rate limiting in process memory', () => {
  it('is off by default', async () => {
    const app = await appWith({});
    for (let index = 0; index < 30; index += 1) await request(app).post('/echo/mcp').send(call).expect(200);
  });

  it('serves RATE_LIMIT_PER_MINUTE requests per client, then 429 with Retry-After and a JSON-RPC error', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '3' });
    const remaining: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await request(app).post('/echo/mcp').send(call).expect(200);
      expect(response.headers['ratelimit-limit']).toBe('3');
      remaining.push(response.headers['ratelimit-remaining']!);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await request(app).post('/echo/mcp').send(call);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32029, message: expect.stringMatching(/^Too Many Requests: the limit is 3 requests per minute/) } });
    // Probes are never limited.
    await request(app).get('/healthz').expect(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy: a rotating header buys nothing', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '2' });
    const from = (ip: string) => request(app).post('/echo/mcp').set('x-forwarded-for', ip).send(call);
    await from('203.0.113.1').expect(200);
    await from('203.0.113.2').expect(200);
    await from('203.0.113.3').expect(429);
  });

  it('a private or link-local peer is not trusted by default either (only what TRUST_PROXY names)', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '10.0.0.0/8,fe80::/10' });
    const from = (ip: string) => request(app).post('/echo/mcp').set('x-forwarded-for', ip).send(call);
    // supertest connects from loopback, which this list does not name.
    await from('203.0.113.1').expect(200);
    await from('203.0.113.2').expect(429);
  });

  it('refuses a TRUST_PROXY entry that is not an address, a range or a known name, naming it', () => {
    expect(() => parseEnv(securityEnvSchema, { TRUST_PROXY: 'loopback, nginx.internal' })).toThrow(/TRUST_PROXY: invalid IP address: nginx\.internal/);
    expect(parseEnv(securityEnvSchema, { TRUST_PROXY: ' ' }).TRUST_PROXY).toBeUndefined();
  });

  it('counts each IP on its own (X-Forwarded-For from a proxy TRUST_PROXY names)', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'loopback' });
    const from = (ip: string) => request(app).post('/echo/mcp').set('x-forwarded-for', ip).send(call);
    await from('203.0.113.1').expect(200);
    await from('203.0.113.1').expect(200);
    await from('203.0.113.1').expect(429);
    await from('203.0.113.2').expect(200);
  });

  it('counts each verified API key on its own, wherever it comes from', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '2', API_KEYS: 'alpha-key,beta-key', TRUST_PROXY: 'loopback' });
    const withKey = (key: string, ip: string) => request(app).post('/echo/mcp').set('x-api-key', key).set('x-forwarded-for', ip).send(call);
    await withKey('alpha-key', '203.0.113.1').expect(200);
    await withKey('alpha-key', '203.0.113.2').expect(200);
    await withKey('alpha-key', '203.0.113.3').expect(429);
    await withKey('beta-key', '203.0.113.1').expect(200);
  });

  it('does not let an unverified key buy a fresh budget when auth is off', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '2' });
    for (const key of ['k1', 'k2']) await request(app).post('/echo/mcp').set('x-api-key', key).send(call).expect(200);
    await request(app).post('/echo/mcp').set('x-api-key', 'k3').send(call).expect(429);
  });

  it('rejects a bad RATE_LIMIT_PER_MINUTE or REDIS_URL at start, naming the variable', () => {
    expect(() => parseEnv(securityEnvSchema, { RATE_LIMIT_PER_MINUTE: 'lots', REDIS_URL: 'http://user:hunter2@example' })).toThrow(
      /RATE_LIMIT_PER_MINUTE: "lots" is not a number[\s\S]*REDIS_URL: not a redis:\/\/ or rediss:\/\/ URL/,
    );
    const problem = (() => {
      try {
        parseEnv(securityEnvSchema, { REDIS_URL: 'http://user:hunter2@example' });
      } catch (error) {
        return String(error);
      }
    })();
    expect(problem).toMatch(/REDIS_URL/);
    expect(problem).not.toContain('hunter2');
  });
});
