import { z } from 'zod';
import { ToolError } from '@toolgate/core';
import { createMemoryCache, createUpstreamClient, type UpstreamClientOptions } from '../src/index.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { failure } from './support/failure.ts';

const schema = z.object({ items: z.array(z.object({ id: z.number() })) });
const SECRET = 'sekret-app-id-123';

let upstream: FakeUpstream;
beforeEach(async () => {
  upstream = await startFakeUpstream(() => ({ body: { items: [{ id: 1 }, { id: 2 }] } }));
});
afterEach(() => upstream.close());

const makeClient = (overrides: Partial<UpstreamClientOptions> = {}) =>
  createUpstreamClient({
    name: 'Test API',
    baseUrl: upstream.url,
    // Generous: under parallel test load (turbo runs every package at once on two cores) a
    // cold first request has taken over 1.5 s; a retry would then break the request counts.
    timeoutMs: 10_000,
    cache: createMemoryCache(),
    secrets: [SECRET],
    retry: { retries: 2, initialDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 1500 },
    breaker: { consecutiveFailures: 50, halfOpenAfterMs: 300 },
    ...overrides,
  });

const get = (client: ReturnType<typeof makeClient>, ttlMs: number | ((value: z.infer<typeof schema>) => number) = 60_000, params = {}) =>
  client.get({ path: '/events', params: { app_id: SECRET, ...params }, schema, ttlMs });

describe('the upstream client', () => {
  it('returns the parsed response and serves a repeat within the TTL from the cache', async () => {
    const client = makeClient();
    await expect(get(client)).resolves.toEqual({ items: [{ id: 1 }, { id: 2 }] });
    await expect(get(client)).resolves.toEqual({ items: [{ id: 1 }, { id: 2 }] });
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]!.query.get('app_id')).toBe(SECRET);
  });

  it('asks again once the TTL is over, and takes a TTL computed from the value', async () => {
    const client = makeClient();
    const seen: number[] = [];
    const ttl = (value: z.infer<typeof schema>) => {
      seen.push(value.items.length);
      return 50;
    };
    await get(client, ttl);
    await get(client, ttl);
    expect(upstream.requests).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await get(client, ttl);
    expect(upstream.requests).toHaveLength(2);
    expect(seen).toEqual([2, 2]);
  });

  it('keys the cache by parameters', async () => {
    const client = makeClient();
    await get(client, 60_000, { page: 1 });
    await get(client, 60_000, { page: 2 });
    expect(upstream.requests).toHaveLength(2);
  });

  it('shares one upstream request among concurrent identical calls', async () => {
    await upstream.close();
    upstream = await startFakeUpstream(() => ({ body: { items: [] } }), { delayMs: 50 });
    const client = makeClient();
    const results = await Promise.all(Array.from({ length: 25 }, () => get(client, 0)));
    expect(results.every((result) => result.items.length === 0)).toBe(true);
    expect(upstream.requests).toHaveLength(1);
  });

  it('without a cache, still shares one request among concurrent calls but keeps no answer', async () => {
    const client = makeClient({ cache: undefined });
    await Promise.all([get(client), get(client), get(client)]);
    expect(upstream.requests).toHaveLength(1);
    await get(client);
    expect(upstream.requests).toHaveLength(2);
  });

  it('is a ToolError, so a tool call turns it into an isError result', async () => {
    upstream.inject({ kind: 'status', status: 404 });
    const error = await failure(get(makeClient()));
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ upstream: 'Test API', statusCode: 404, isRetryable: false });
    expect(error.message).toBe('Test API: request rejected (HTTP 404)');
  });
});

describe('faults at the upstream', () => {
  it('times out each attempt and reports the timeout', async () => {
    upstream.inject({ kind: 'timeout' });
    const error = await failure(get(makeClient({ timeoutMs: 300, retry: { retries: 1, initialDelayMs: 10, maxDelayMs: 10 } })));
    expect(error.message).toMatch(/^Test API: no response within 300 ms \(timed out\)$/);
    expect(error.isRetryable).toBe(true);
    expect(upstream.requests).toHaveLength(2);
  });

  it('retries a 500 and succeeds when the upstream recovers', async () => {
    upstream.inject({ kind: 'status', status: 500 }, 1);
    await expect(get(makeClient())).resolves.toEqual({ items: [{ id: 1 }, { id: 2 }] });
    expect(upstream.requests).toHaveLength(2);
  });

  it('gives up on a 500 after the bounded retries', async () => {
    upstream.inject({ kind: 'status', status: 503 });
    const error = await failure(get(makeClient()));
    expect(error.message).toBe('Test API: server error (HTTP 503)');
    expect(upstream.requests).toHaveLength(3);
  });

  it('waits as long as Retry-After says, when that is short', async () => {
    upstream.inject({ kind: 'status', status: 429, retryAfter: '1' }, 1);
    const started = Date.now();
    await expect(get(makeClient())).resolves.toBeDefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(upstream.requests).toHaveLength(2);
  });

  it('does not wait out a long Retry-After: fails at once saying when to retry', async () => {
    upstream.inject({ kind: 'status', status: 429, retryAfter: '120' });
    const error = await failure(get(makeClient()));
    expect(error.message).toBe('Test API: rate limited (HTTP 429, retry in 120 s)');
    expect(upstream.requests).toHaveLength(1);
  });

  it('reports malformed JSON without retrying', async () => {
    upstream.inject({ kind: 'malformed' });
    const error = await failure(get(makeClient()));
    expect(error.message).toBe('Test API: sent a response that is not valid JSON');
    expect(upstream.requests).toHaveLength(1);
  });

  it('reports a changed shape, naming the field', async () => {
    upstream.inject({ kind: 'body', body: { items: [{ id: 'one' }] } });
    const error = await failure(get(makeClient()));
    expect(error.message).toMatch(/^Test API: response did not have the expected shape \(items\.0\.id: .*expected number/);
  });

  it('refuses a response larger than the limit without retrying it, and caches nothing', async () => {
    upstream.inject({ kind: 'body', body: { items: [], padding: 'x'.repeat(20_000) } }, 1);
    const client = makeClient({ maxResponseBytes: 10_000 });
    const error = await failure(get(client));
    expect(error.message).toBe('Test API: sent a response larger than 10000 bytes');
    expect(upstream.requests).toHaveLength(1);
    // The next, normal-sized answer is read as usual.
    await expect(get(client)).resolves.toEqual({ items: [{ id: 1 }, { id: 2 }] });
  });

  it('reports a reset connection and retries it', async () => {
    upstream.inject({ kind: 'reset' });
    const error = await failure(get(makeClient()));
    expect(error.message).toMatch(/^Test API: unreachable \((connection reset|socket hang up|ECONNRESET)\)$/);
    expect(upstream.requests).toHaveLength(3);
  });

  it('keeps secrets out of error messages, urls and causes', async () => {
    for (const fault of [{ kind: 'reset' }, { kind: 'status', status: 500 }, { kind: 'malformed' }, { kind: 'timeout' }] as const) {
      upstream.inject(fault);
      const client = makeClient({ timeoutMs: 300, retry: { retries: 0 }, headers: { authorization: `Bearer ${SECRET}` } });
      const error = await failure(client.get({ path: `/v1/${SECRET}/events`, params: { app_id: SECRET, key: 'other' }, schema, ttlMs: 0 }));
      const everything = JSON.stringify({ message: error.message, url: error.url, cause: String(error.cause), stack: error.stack });
      expect(everything).not.toContain(SECRET);
      expect(everything).not.toContain('other');
      expect(error.url).toContain('/v1/[redacted]/events?app_id=[redacted]&key=[redacted]');
    }
  });
});

describe('the circuit breaker', () => {
  it('opens after repeated failures, fails fast while open, and closes after recovery', async () => {
    const client = makeClient({ retry: { retries: 0 }, breaker: { consecutiveFailures: 3, halfOpenAfterMs: 400 } });
    upstream.inject({ kind: 'status', status: 500 });
    for (let i = 0; i < 3; i += 1) await failure(get(client, 0));
    expect(upstream.requests).toHaveLength(3);

    // Failing fast: no request reaches the upstream (counted below), whatever the clock says.
    const open = await failure(get(client, 0));
    expect(open.message).toMatch(/^Test API: unavailable after repeated failures \(circuit open: failing fast\), retry in 1 s$/);
    expect(upstream.requests).toHaveLength(3);

    upstream.heal();
    await new Promise((resolve) => setTimeout(resolve, 450));
    await expect(get(client, 0)).resolves.toBeDefined();
    await expect(get(client, 0)).resolves.toBeDefined();
    expect(upstream.requests).toHaveLength(5);
  });

  it('does not count rejected requests (4xx) as the upstream being down', async () => {
    const client = makeClient({ retry: { retries: 0 }, breaker: { consecutiveFailures: 2, halfOpenAfterMs: 10_000 } });
    upstream.inject({ kind: 'status', status: 404 });
    for (let i = 0; i < 4; i += 1) await failure(get(client, 0));
    expect(upstream.requests).toHaveLength(4);
  });
});
