import { z } from 'zod';
import { createUpstreamClient, UpstreamError, type UpstreamClientOptions } from '../src/index.ts';
import { startFakeUpstream, type FakeRequest, type FakeResponse, type FakeUpstream } from '../testing/fake-upstream.ts';
import { failure } from './support/failure.ts';

const schema = z.object({ ok: z.boolean() });
const KEY_A = 'app-id-aaaa-1111';
const KEY_B = 'app-id-bbbb-2222';
const NOON = Date.parse('2026-11-28T12:00:00Z');

/**
 * Issue 41: an upstream that answers 429 (or 503) with Retry-After is not asked again, for that
 * credential, until the time it gave. The stand-in counts what reaches it; time is a fake clock
 * the test moves (no sleeps, nothing timed).
 */
describe('holding back an upstream that said when to come back', () => {
  let upstream: FakeUpstream;
  let answer: (request: FakeRequest) => FakeResponse;
  let clock: number;
  const reached = (key: string) => upstream.requests.filter((request) => request.query.get('app_id') === key).length;

  beforeEach(async () => {
    clock = NOON;
    answer = () => ({ body: { ok: true } });
    upstream = await startFakeUpstream((request) => answer(request));
  });
  afterEach(() => upstream.close());

  const makeClient = (overrides: Partial<UpstreamClientOptions> = {}) =>
    createUpstreamClient({
      name: 'Bandsintown',
      baseUrl: upstream.url,
      timeoutMs: 10_000,
      secrets: [KEY_A, KEY_B],
      // Nothing waited for inside a call: each call is one request, so the counts are exact.
      retry: { retries: 2, maxRetryAfterMs: 0 },
      now: () => clock,
      ...overrides,
    });
  const call = (client: ReturnType<typeof makeClient>, key = KEY_A, operation?: string) =>
    client.get({ path: '/artists/x/events', params: { app_id: key }, schema, ttlMs: 0, ...(operation ? { operation } : {}) });
  const rateLimited = (retryAfter?: string): FakeResponse => ({ status: 429, body: { errorMessage: 'Rate limit exceeded' }, headers: retryAfter ? { 'retry-after': retryAfter } : {} });

  it('Retry-After in seconds: 12 calls in the window send 1 request; each says when to retry; the window ends when it said', async () => {
    answer = () => rateLimited('600');
    const client = makeClient();
    const first = await failure(call(client));
    expect(first.message).toBe('Bandsintown: rate limited (HTTP 429, retry in 600 s): Rate limit exceeded');
    for (let index = 0; index < 11; index += 1) {
      clock += 1_000;
      const held = await failure(call(client));
      expect(held).toBeInstanceOf(UpstreamError);
      expect(held.message).toBe(`Bandsintown: rate limited (HTTP 429, retry in ${600 - (index + 1)} s, at 2026-11-28T12:10:00.000Z); held back until then, no request sent`);
      expect((held as UpstreamError).retryAfterMs).toBe(600_000 - (index + 1) * 1_000);
    }
    expect(reached(KEY_A)).toBe(1);
    answer = () => ({ body: { ok: true } });
    clock = NOON + 600_000 - 1;
    await failure(call(client));
    expect(reached(KEY_A)).toBe(1);
    clock = NOON + 600_000;
    await expect(call(client)).resolves.toEqual({ ok: true });
    expect(reached(KEY_A)).toBe(2);
  });

  it('Retry-After as an HTTP date: held until that instant', async () => {
    answer = () => rateLimited('Sat, 28 Nov 2026 12:02:00 GMT');
    const client = makeClient();
    await failure(call(client));
    clock = Date.parse('2026-11-28T12:01:59.999Z');
    expect((await failure(call(client))).message).toMatch(/retry in 1 s, at 2026-11-28T12:02:00.000Z\); held back until then/);
    expect(reached(KEY_A)).toBe(1);
    answer = () => ({ body: { ok: true } });
    clock = Date.parse('2026-11-28T12:02:00Z');
    await expect(call(client)).resolves.toEqual({ ok: true });
    expect(reached(KEY_A)).toBe(2);
  });

  it('without Retry-After: a backoff of its own, 1 s then 2 s, said in the error, and reset by a success', async () => {
    answer = () => rateLimited();
    const client = makeClient();
    expect((await failure(call(client))).message).toBe('Bandsintown: rate limited (HTTP 429, no Retry-After: retry in 1 s): Rate limit exceeded');
    clock += 999;
    await failure(call(client));
    expect(reached(KEY_A)).toBe(1);
    clock += 1;
    expect((await failure(call(client))).message).toMatch(/no Retry-After: retry in 2 s/);
    expect(reached(KEY_A)).toBe(2);
    clock += 1_999;
    await failure(call(client));
    expect(reached(KEY_A)).toBe(2);
    answer = () => ({ body: { ok: true } });
    clock += 1;
    await expect(call(client)).resolves.toEqual({ ok: true });
    answer = () => rateLimited();
    expect((await failure(call(client))).message).toMatch(/no Retry-After: retry in 1 s/);
    expect(reached(KEY_A)).toBe(4);
  });

  it('holds back only the credential that was limited: another key is still asked', async () => {
    answer = (request) => (request.query.get('app_id') === KEY_A ? rateLimited('3600') : { body: { ok: true } });
    const client = makeClient();
    await failure(call(client, KEY_A));
    await failure(call(client, KEY_A));
    await expect(call(client, KEY_B)).resolves.toEqual({ ok: true });
    await expect(call(client, KEY_B)).resolves.toEqual({ ok: true });
    expect([reached(KEY_A), reached(KEY_B)]).toEqual([1, 2]);
  });

  it('is capped by maxHoldMs (UPSTREAM_MAX_HOLD_SECONDS): "retry in a day" is asked again after the cap', async () => {
    answer = () => rateLimited('86400');
    const client = makeClient({ maxHoldMs: 3_600_000 });
    expect((await failure(call(client))).message).toMatch(/retry in 86400 s/);
    clock += 3_599_999;
    expect((await failure(call(client))).message).toMatch(/retry in 1 s, at 2026-11-28T13:00:00.000Z/);
    expect(reached(KEY_A)).toBe(1);
    clock += 1;
    await failure(call(client));
    expect(reached(KEY_A)).toBe(2);
  });

  it('a 503 with Retry-After holds back too; a 503 without it is a failure for the breaker, not a hold', async () => {
    answer = () => ({ status: 503, body: {}, headers: { 'retry-after': '120' } });
    const client = makeClient({ retry: { retries: 0 } });
    await failure(call(client));
    expect((await failure(call(client))).message).toMatch(/^Bandsintown: unavailable \(HTTP 503, retry in 120 s, at 2026-11-28T12:02:00.000Z\); held back/);
    expect(reached(KEY_A)).toBe(1);
    answer = () => ({ status: 503, body: {} });
    await failure(call(client, KEY_B));
    await failure(call(client, KEY_B));
    // Both asked: nothing holds a failure back (the breaker counts it).
    expect(reached(KEY_B)).toBe(2);
  });

  it('where the upstream limits per route, holds back only that route', async () => {
    answer = (request) => (request.path.includes('events') ? rateLimited('60') : { body: { ok: true } });
    const client = makeClient({ rateLimitedPer: 'route' });
    await failure(call(client, KEY_A, 'events'));
    await failure(call(client, KEY_A, 'events'));
    expect(reached(KEY_A)).toBe(1);
    await expect(client.get({ path: '/artists/x', params: { app_id: KEY_A }, schema, ttlMs: 0, operation: 'artist' })).resolves.toEqual({ ok: true });
    expect(reached(KEY_A)).toBe(2);
  });

  it('never opens the circuit breaker: rate limits are not failures', async () => {
    answer = (request) => (request.query.get('app_id') === KEY_A ? rateLimited() : { body: { ok: true } });
    const client = makeClient({ breaker: { consecutiveFailures: 2, halfOpenAfterMs: 60_000 } });
    for (let index = 0; index < 5; index += 1) {
      clock += 60_000;
      await failure(call(client, KEY_A));
    }
    expect(reached(KEY_A)).toBe(5);
    await expect(call(client, KEY_B)).resolves.toEqual({ ok: true });
  });
});
