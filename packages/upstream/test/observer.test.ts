import { AsyncLocalStorage } from 'node:async_hooks';
import { z } from 'zod';
import { createMemoryCache, createUpstreamClient, type UpstreamAttempt, type UpstreamAttemptResult, type UpstreamClientOptions, type UpstreamObserver } from '../src/index.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { failure } from './support/failure.ts';

const schema = z.object({ items: z.array(z.object({ id: z.number() })) });
const SECRET = 'sekret-app-id-123';

/** Records what the client tells it, and the caller's async context at each call. */
function recordingObserver(context?: AsyncLocalStorage<string>) {
  const attempts: { started: UpstreamAttempt; ended?: UpstreamAttemptResult; startedIn?: string; endedIn?: string }[] = [];
  const lookups: { cache: string; result: string; in?: string }[] = [];
  const breaker: string[] = [];
  const observer: UpstreamObserver = {
    attemptStarted(started) {
      const entry: (typeof attempts)[number] = { started, startedIn: context?.getStore() };
      attempts.push(entry);
      return {
        headers: { traceparent: `00-${'a'.repeat(32)}-${String(attempts.length).padStart(16, '0')}-01` },
        end(result) {
          expect(entry.ended).toBeUndefined();
          entry.ended = result;
          entry.endedIn = context?.getStore();
        },
      };
    },
    cacheLookedUp: (lookup) => lookups.push({ ...lookup, in: context?.getStore() }),
    breakerChanged: ({ state }) => breaker.push(state),
  };
  return { observer, attempts, lookups, breaker };
}

let upstream: FakeUpstream;
beforeEach(async () => {
  upstream = await startFakeUpstream(() => ({ body: { items: [{ id: 1 }] } }));
});
afterEach(() => upstream.close());

const makeClient = (observer: UpstreamObserver, overrides: Partial<UpstreamClientOptions> = {}) =>
  createUpstreamClient({
    name: 'Test API',
    baseUrl: upstream.url,
    timeoutMs: 10_000,
    cache: createMemoryCache(),
    secrets: [SECRET],
    retry: { retries: 2, initialDelayMs: 10, maxDelayMs: 20 },
    breaker: { consecutiveFailures: 50, halfOpenAfterMs: 300 },
    observer,
    ...overrides,
  });

const getEvents = (client: ReturnType<typeof makeClient>, ttlMs = 60_000) =>
  client.get({ path: '/events', params: { app_id: SECRET }, schema, ttlMs, operation: 'events' });

describe('the upstream observer', () => {
  it('hears each attempt with its label, redacted URL and outcome, and its headers reach the upstream', async () => {
    const { observer, attempts } = recordingObserver();
    await getEvents(makeClient(observer));
    expect(attempts).toHaveLength(1);
    const [{ started, ended }] = attempts as [(typeof attempts)[number]];
    expect(started).toEqual({ upstream: 'Test API', operation: 'events', method: 'GET', url: `${upstream.url}/events?app_id=[redacted]`, attempt: 1, breakerState: 'closed' });
    expect(ended).toMatchObject({ outcome: 'success', statusCode: 200, breakerState: 'closed' });
    expect(ended!.seconds).toBeGreaterThan(0);
    expect(ended!.seconds).toBeLessThan(10);
    expect(upstream.requests[0]!.headers.traceparent).toBe(`00-${'a'.repeat(32)}-0000000000000001-01`);
  });

  it('labels a request the pack did not name by its HTTP method', async () => {
    const { observer, attempts } = recordingObserver();
    await makeClient(observer).postJson({ body: { q: 1 }, schema });
    expect(attempts[0]!.started).toMatchObject({ operation: 'POST', method: 'POST' });
  });

  it('hears every retry as its own attempt, each with its outcome and status', async () => {
    const { observer, attempts } = recordingObserver();
    upstream.inject({ kind: 'status', status: 503 }, 1);
    await getEvents(makeClient(observer));
    expect(attempts.map(({ started, ended }) => [started.attempt, ended?.outcome, ended?.statusCode])).toEqual([
      [1, 'server_error', 503],
      [2, 'success', 200],
    ]);
    expect(attempts[0]!.ended!.error?.message).toMatch(/server error \(HTTP 503/);
  });

  it('names each kind of failure', async () => {
    const outcomeOf = async (arrange: () => void, overrides: Partial<UpstreamClientOptions> = {}) => {
      const { observer, attempts } = recordingObserver();
      arrange();
      await failure(getEvents(makeClient(observer, { retry: { retries: 0 }, ...overrides })));
      upstream.heal();
      return [attempts[0]!.ended!.outcome, attempts[0]!.ended!.statusCode];
    };
    expect(await outcomeOf(() => upstream.inject({ kind: 'status', status: 429 }))).toEqual(['rate_limited', 429]);
    expect(await outcomeOf(() => upstream.inject({ kind: 'status', status: 404 }))).toEqual(['client_error', 404]);
    expect(await outcomeOf(() => upstream.inject({ kind: 'status', status: 502 }))).toEqual(['server_error', 502]);
    // A redirect is not followed: the answer is unusable, not the caller's fault.
    expect(await outcomeOf(() => upstream.inject({ kind: 'status', status: 302 }))).toEqual(['invalid_response', 302]);
    expect(await outcomeOf(() => upstream.inject({ kind: 'malformed' }))).toEqual(['invalid_response', 200]);
    // The status came back; the body did not match the schema.
    expect(await outcomeOf(() => upstream.inject({ kind: 'body', body: { items: 'none' } }))).toEqual(['invalid_response', 200]);
    expect(await outcomeOf(() => upstream.inject({ kind: 'timeout' }), { timeoutMs: 100 })).toEqual(['timeout', undefined]);
    expect(await outcomeOf(() => upstream.inject({ kind: 'reset' }))).toEqual(['unreachable', undefined]);
  });

  it('says when the caller gave up rather than calling it a timeout', async () => {
    const { observer, attempts } = recordingObserver();
    upstream.inject({ kind: 'timeout' });
    const controller = new AbortController();
    const call = makeClient(observer).postJson({ body: {}, schema, signal: controller.signal, operation: 'search' });
    setTimeout(() => controller.abort(), 50);
    await call.catch(() => undefined);
    expect(attempts.map(({ ended }) => ended?.outcome)).toEqual(['cancelled']);
  });

  it('hears the breaker open, refuse attempts (nothing sent), half-open and close', async () => {
    const { observer, attempts, breaker } = recordingObserver();
    const client = makeClient(observer, { retry: { retries: 0 }, breaker: { consecutiveFailures: 2, halfOpenAfterMs: 200 } });
    upstream.inject({ kind: 'status', status: 500 });
    await failure(getEvents(client));
    await failure(getEvents(client));
    expect(breaker).toEqual(['open']);
    expect(attempts[1]!.ended).toMatchObject({ outcome: 'server_error', statusCode: 500, breakerState: 'open' });
    const sent = upstream.requests.length;
    const refused = await failure(getEvents(client));
    expect(refused.message).toMatch(/circuit open/);
    expect(upstream.requests).toHaveLength(sent);
    expect(attempts[2]).toMatchObject({ started: { breakerState: 'open' }, ended: { outcome: 'circuit_open', breakerState: 'open' } });
    expect(attempts[2]!.ended!.statusCode).toBeUndefined();
    upstream.heal();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await getEvents(client);
    expect(breaker).toEqual(['open', 'half_open', 'closed']);
  });

  it('hears cache lookups by the cache name: a miss, then hits, and joiners of an in-flight lookup', async () => {
    const { observer, lookups } = recordingObserver();
    const client = makeClient(observer);
    await Promise.all([getEvents(client), getEvents(client)]);
    await getEvents(client);
    expect(lookups.map(({ cache, result }) => `${cache}:${result}`).sort()).toEqual(['Test API:coalesced', 'Test API:hit', 'Test API:miss']);
  });

  it('reports no cache lookups for a client without a cache', async () => {
    const { observer, lookups, attempts } = recordingObserver();
    await getEvents(makeClient(observer, { cache: undefined }));
    expect(attempts).toHaveLength(1);
    expect(lookups).toEqual([]);
  });

  it('is called inside the async context of the caller', async () => {
    const context = new AsyncLocalStorage<string>();
    const { observer, attempts, lookups } = recordingObserver(context);
    const client = makeClient(observer);
    upstream.inject({ kind: 'status', status: 503 }, 1);
    await context.run('tool call 1', () => getEvents(client));
    await context.run('tool call 2', () => getEvents(client));
    expect(attempts.map(({ startedIn, endedIn }) => [startedIn, endedIn])).toEqual([
      ['tool call 1', 'tool call 1'],
      ['tool call 1', 'tool call 1'],
    ]);
    expect(lookups.map((lookup) => [lookup.result, lookup.in])).toEqual([
      ['miss', 'tool call 1'],
      ['hit', 'tool call 2'],
    ]);
  });
});
