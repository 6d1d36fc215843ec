import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createMemoryCache, createUpstreamClient, RefusedInBody, UpstreamError, type UpstreamClientOptions } from '../src/index.ts';
import { exceedsJsonDepth } from '../src/json-depth.ts';
import { RawBody, startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { failure } from './support/failure.ts';

const SECRET = 'sekret-token-42';
const schema = z.object({ ok: z.boolean() });

let upstream: FakeUpstream;
afterEach(() => upstream.close());

const makeClient = (overrides: Partial<UpstreamClientOptions> = {}) =>
  createUpstreamClient({
    name: 'Test API',
    baseUrl: upstream.url,
    timeoutMs: 10_000,
    cache: createMemoryCache(),
    secrets: [SECRET],
    retry: { retries: 2, initialDelayMs: 5, maxDelayMs: 10 },
    breaker: { consecutiveFailures: 3, halfOpenAfterMs: 60_000 },
    ...overrides,
  });

describe('error bodies', () => {
  it("carries the upstream's own reason and body, not a guess", async () => {
    // The form the Brawl Stars API documents for a token used from an address not on its allow list.
    const body = { reason: 'accessDenied.invalidIp', message: 'Invalid authorization: API key does not allow access from IP 203.0.113.7' };
    upstream = await startFakeUpstream(() => ({ status: 403, body }));
    const error = await failure(makeClient().get({ path: '/events', schema, ttlMs: 0 }));
    expect(error.message).toBe('Test API: refused the request (HTTP 403): accessDenied.invalidIp: Invalid authorization: API key does not allow access from IP 203.0.113.7');
    expect(error.statusCode).toBe(403);
    expect(error.body).toEqual(body);
    expect(error.upstreamMessage).toContain('203.0.113.7');
    expect(upstream.requests).toHaveLength(1);
  });

  it.each([
    [{ Message: 'Invalid Premium API key provided' }, 'Invalid Premium API key provided'],
    [{ error: { code: -32000, message: 'header not found' } }, 'header not found'],
    [{ errorMessage: '[NotFound] The artist was not found' }, '[NotFound] The artist was not found'],
    [{ errors: ['Rate limit exceeded'] }, 'Rate limit exceeded'],
  ])('reads the reason from %j', async (body, reason) => {
    upstream = await startFakeUpstream(() => ({ status: 400, body }));
    const error = await failure(makeClient().get({ path: '/x', schema, ttlMs: 0 }));
    expect(error.message).toBe(`Test API: request rejected (HTTP 400): ${reason}`);
  });

  it('removes secrets an upstream echoes in its reason, and bounds its length', async () => {
    upstream = await startFakeUpstream(() => ({ status: 400, body: { message: `bad key ${SECRET} ${'x'.repeat(1000)}` } }));
    const error = await failure(makeClient().get({ path: '/x', schema, ttlMs: 0 }));
    expect(error.message).not.toContain(SECRET);
    expect(error.message).toContain('bad key [redacted]');
    expect(error.upstreamMessage!.length).toBeLessThanOrEqual(300);
  });

  it('keeps the old advice when a refusal says nothing (an HTML page)', async () => {
    upstream = await startFakeUpstream(() => ({ status: 403, body: new RawBody('<html><body>Attention Required! | Cloudflare</body></html>') }));
    const error = await failure(makeClient().get({ path: '/x', schema, ttlMs: 0 }));
    expect(error.message).toBe('Test API: refused the credentials (HTTP 403): check the API key or token');
    expect(error.body).toBeUndefined();
  });

  it('does not blame a key on a client that sends none (no secret set)', async () => {
    upstream = await startFakeUpstream(() => ({ status: 401, body: new RawBody('<html>Unauthorized</html>') }));
    for (const secrets of [[], [undefined], ['']]) {
      const error = await failure(makeClient({ secrets }).get({ path: '/x', schema, ttlMs: 0 }));
      expect(error.message).toBe('Test API: refused the request (HTTP 401); no API key or token was sent, so the host either wants one or is turning this server away');
    }
  });

  it('says why a 5xx happened when the upstream says', async () => {
    upstream = await startFakeUpstream(() => ({ status: 503, body: { reason: 'inMaintenance', message: 'Server is in maintenance' } }));
    const error = await failure(makeClient({ retry: { retries: 0 } }).get({ path: '/x', schema, ttlMs: 0 }));
    expect(error.message).toBe('Test API: server error (HTTP 503): inMaintenance: Server is in maintenance');
  });
});

describe('redirects', () => {
  let elsewhere: Server;
  const elsewhereRequests: string[] = [];
  beforeEach(async () => {
    elsewhere = createServer((req, res) => {
      elsewhereRequests.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  });
  afterEach(() => new Promise<void>((resolve) => elsewhere.close(() => resolve())));

  it('are never followed: no request, no key and no body reaches the other host', async () => {
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/steal`;
    upstream = await startFakeUpstream(() => ({ status: 307, body: {}, headers: { location: target } }));
    const client = makeClient();
    const error = await failure(client.postJson({ path: `/rpc/${SECRET}`, body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, schema }));
    expect(error.message).toBe('Test API: answered with a redirect (HTTP 307) to another address; not followed');
    expect(error.isRetryable).toBe(false);
    await failure(client.get({ path: '/x', params: { key: SECRET }, schema, ttlMs: 0 }));
    expect(elsewhereRequests).toEqual([]);
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('bodies that are not JSON on purpose', () => {
  it('go through the request’s own parser, then the schema', async () => {
    upstream = await startFakeUpstream(() => ({ body: new RawBody('\n{warn=Not found}\n') }));
    const list = z.array(z.number());
    const parse = (text: string) => (/^\s*\{warn=Not found\}\s*$/.test(text) ? [] : JSON.parse(text));
    await expect(makeClient().get({ path: '/x', schema: list, ttlMs: 0, parse })).resolves.toEqual([]);
  });

  it('let the parser say a success answer is a refusal: worded, redacted and counted by the client', async () => {
    upstream = await startFakeUpstream(() => ({ body: new RawBody('{warn=Not found}') }));
    const client = makeClient();
    const parse = () => {
      throw new RefusedInBody(`no such thing for ${SECRET}`);
    };
    for (let i = 0; i < 5; i += 1) await expect(client.get({ path: '/x', schema, ttlMs: 0, parse })).rejects.toThrow('Test API: refused the request: no such thing for [redacted]');
    const rateLimited = () => {
      throw new RefusedInBody('Rate limit exceeded', { describe: (reason) => `rate limited (${reason}): try again in a minute` });
    };
    const limited = await failure(client.get({ path: '/x', schema, ttlMs: 0, parse: rateLimited }));
    expect(limited.message).toBe('Test API: rate limited (Rate limit exceeded): try again in a minute');
    expect(limited.statusCode).toBe(200);
    // Not retried: one request per call.
    expect(upstream.requests).toHaveLength(6);
    // Five answers that are not failures leave the breaker closed (it opens after three failures).
    upstream.heal();
    const ok = await failure(client.get({ path: '/x', schema, ttlMs: 0 }));
    expect(ok.message).toContain('not valid JSON');
  });
});

describe('a parser with wording of its own', () => {
  it("words the refusal itself, from the reason the client has already redacted", async () => {
    upstream = await startFakeUpstream(() => ({ body: new RawBody(`{"Message":"Invalid key ${SECRET}"}`) }));
    const client = makeClient();
    const parse = (text: string) => {
      throw new RefusedInBody((JSON.parse(text) as { Message: string }).Message, { describe: (reason) => `refused the API key: "${reason}". Set TEST_KEY` });
    };
    for (let i = 0; i < 5; i += 1) {
      const error = await failure(client.get({ path: '/x', schema, ttlMs: 0, parse }));
      expect(error.message).toBe('Test API: refused the API key: "Invalid key [redacted]". Set TEST_KEY');
      expect(error.isRetryable).toBe(false);
    }
    // Five refusals are not failures: the breaker (three failures) stays closed.
    upstream.heal();
    const ok = await failure(client.get({ path: '/x', schema, ttlMs: 0 }));
    expect(ok.message).toContain('did not have the expected shape');
  });

  it('does not pass on an UpstreamError a parser throws: only RefusedInBody is worded and redacted by the client', async () => {
    upstream = await startFakeUpstream(() => ({ body: { ok: true } }));
    const parse = () => {
      throw new UpstreamError(`key ${SECRET} refused`, { upstream: 'Test API', isRetryable: false });
    };
    const error = await failure(makeClient().get({ path: '/x', schema, ttlMs: 0, parse }));
    expect(error.message).toBe('Test API: sent a response that is not valid JSON');
    expect(JSON.stringify({ message: error.message, cause: String(error.cause) })).not.toContain(SECRET);
  });
});

describe('JSON depth', () => {
  it('refuses deeply nested bodies under the size cap before parsing them', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    upstream = await startFakeUpstream(() => ({ body: new RawBody(deep) }));
    const error = await failure(makeClient().get({ path: '/x', schema, ttlMs: 0 }));
    expect(error.message).toBe('Test API: sent a response nested deeper than 64 levels');
    expect(upstream.requests).toHaveLength(1);
  });

  it('counts only brackets outside strings', () => {
    expect(exceedsJsonDepth(JSON.stringify({ a: '['.repeat(500) }), 3)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ a: '\\"[[[[' }), 1)).toBe(false);
    expect(exceedsJsonDepth('[[[[]]]]', 3)).toBe(true);
    expect(exceedsJsonDepth('[[[]]]', 3)).toBe(false);
  });
});
