import request from 'supertest';
import { createGuards, createLogger, parseEnv, securityEnvSchema } from '../src/index.ts';
import { createEchoApp } from './echo-pack.ts';

const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const KEY = 'cors-test-key';

/** The headers the SDK clients send on a call, as a browser names them in a preflight. */
const CLIENT_HEADERS = 'content-type, accept, authorization, mcp-protocol-version, mcp-method, mcp-name, x-api-key, last-event-id';

describe('CORS for allowed browser origins', () => {
  it('answers a preflight from a localhost page (the default) with 204 and every header MCP clients send', async () => {
    const response = await request(createEchoApp())
      .options('/echo/mcp')
      .set({ origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': CLIENT_HEADERS });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(response.headers['access-control-allow-methods']).toMatch(/\bPOST\b/);
    const allowed = response.headers['access-control-allow-headers']!.split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(CLIENT_HEADERS.split(', ')));
    expect(response.headers.vary).toMatch(/Origin/);
  });

  it('answers the preflight before the API key check (a browser sends none with it), and the call after it', async () => {
    const guards = await createGuards(parseEnv(securityEnvSchema, { API_KEYS: KEY }), createLogger({ level: 'silent' }));
    const app = createEchoApp({ guards: guards.handlers, allowedOrigins: ['https://app.example.com'] });
    const origin = 'https://app.example.com';
    const preflight = await request(app).options('/echo/mcp').set({ origin, 'access-control-request-method': 'POST' });
    expect(preflight.status).toBe(204);
    const refused = await request(app).post('/echo/mcp').set({ origin }).send(list);
    expect(refused.status).toBe(401);
    // The page can read the 401's challenge: it is exposed.
    expect(refused.headers['access-control-allow-origin']).toBe(origin);
    expect(refused.headers['access-control-expose-headers']).toMatch(/www-authenticate/);
    const served = await request(app).post('/echo/mcp').set({ origin, authorization: `Bearer ${KEY}` }).send(list);
    expect(served.status).toBe(200);
    expect(served.headers['access-control-allow-origin']).toBe(origin);
    expect(served.headers['access-control-expose-headers']!.split(/,\s*/)).toEqual(
      expect.arrayContaining(['mcp-session-id', 'mcp-protocol-version', 'www-authenticate', 'ratelimit-remaining', 'retry-after', 'x-request-id']),
    );
  });

  it('gives an origin that is not allowed no CORS headers and the 403 of the DNS-rebinding guard', async () => {
    const app = createEchoApp({ allowedOrigins: ['https://app.example.com'] });
    const preflight = await request(app).options('/echo/mcp').set({ origin: 'https://evil.example', 'access-control-request-method': 'POST' });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const call = await request(app).post('/echo/mcp').set({ origin: 'http://localhost:3000' }).send(list);
    expect(call.status).toBe(403);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves requests without Origin (every non-browser client) as they were, and OPTIONS without a preflight a 405', async () => {
    const app = createEchoApp();
    const call = await request(app).post('/echo/mcp').send(list);
    expect(call.status).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    const options = await request(app).options('/echo/mcp');
    expect(options.status).toBe(405);
  });
});

describe('Vary: Origin on every answer whose headers or body depend on the Origin', () => {
  const oauth = { issuer: 'https://auth.example.com', publicUrl: 'https://tools.example.com' };
  const metadataPath = '/.well-known/oauth-protected-resource/echo/mcp';

  // The metadata is publicly cacheable: a shared cache must key it by Origin, or one origin's
  // Access-Control-Allow-Origin (or its absence) is served to another.
  it.each([
    ['an allowed origin', { origin: 'https://app.example.com' }],
    ['an origin that is not allowed', { origin: 'https://evil.example' }],
    ['no Origin at all', {}],
  ])('the protected-resource metadata, asked with %s', async (_label, headers: Record<string, string>) => {
    const app = createEchoApp({ oauth, allowedOrigins: ['https://app.example.com'] });
    const response = await request(app).get(metadataPath).set(headers);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toMatch(/public/);
    expect(response.headers.vary).toMatch(/\bOrigin\b/);
  });

  it.each([
    ['an allowed origin', { origin: 'http://localhost:5173' }, 200],
    ['a refused origin (the 403 names it)', { origin: 'https://evil.example' }, 403],
    ['no Origin at all', {}, 200],
  ])('an MCP answer to %s', async (_label, headers: Record<string, string>, status) => {
    const response = await request(createEchoApp()).post('/echo/mcp').set(headers).send(list);
    expect(response.status).toBe(status);
    expect(response.headers.vary).toMatch(/\bOrigin\b/);
  });

  it('names Origin once, beside what else varies', async () => {
    const response = await request(createEchoApp({ oauth })).get(metadataPath).set({ origin: 'http://localhost:5173' });
    expect(response.headers.vary!.split(/,\s*/).filter((name) => name.toLowerCase() === 'origin')).toHaveLength(1);
  });
});
