import { readFileSync } from 'node:fs';
import { startFakeUpstream, startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { concertModule } from '../src/index.ts';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/bandsintown-events.json', import.meta.url), 'utf8'));
const APP_ID = 'test-app-id-5f3a';

let upstream: FakeUpstream;
let pack: PackHarness;
/**
 * The stand-in answers at once, so its answers get a limit no loaded machine reaches; only the
 * test of a timeout (an upstream that never answers) uses a pack with a short one.
 */
const startConcert = (timeoutMs = 30_000) => startPack(concertModule, { BANDSINTOWN_APP_ID: APP_ID, BANDSINTOWN_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: String(timeoutMs) });
beforeEach(async () => {
  upstream = await startFakeUpstream((request) => (request.path === '/events' ? { body: fixture } : { status: 404, body: { error: 'not found' } }));
  pack = await startConcert();
});
afterEach(async () => {
  await pack.close();
  await upstream.close();
});

describe('events (concert pack, Bandsintown)', () => {
  it('lists events in the spec shape and passes the filters upstream', async () => {
    const result = await pack.call('events', { date: '2026-07-14,2026-07-20', location: 'New York, NY', radius: 25, page: 2 });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent.count).toBe(2);
    expect(result.structuredContent.items[0]).toMatchObject({ id: 1016876543, artist_id: 510, description: null, venue: { latitude: 40.7505 } });
    const query = upstream.requests[0]!.query;
    expect(Object.fromEntries(query)).toEqual({ app_id: APP_ID, date: '2026-07-14,2026-07-20', location: 'New York, NY', radius: '25', page: '2' });
  });

  it('serves a repeat within minutes from the cache', async () => {
    await pack.call('events', { location: 'Berlin' });
    await pack.call('events', { location: 'Berlin' });
    expect(upstream.requests).toHaveLength(1);
  });

  it('rejects bad input before calling upstream', async () => {
    const result = await pack.call('events', { date: '2026-07-20,2026-07-01' });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/date: the range starts \(2026-07-20\) after it ends/);
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    ['a timeout', { kind: 'timeout' } as const, /^Bandsintown: no response within 1000 ms \(timed out\)$/],
    ['a 500', { kind: 'status', status: 500 } as const, /^Bandsintown: server error \(HTTP 500\)$/],
    ['malformed JSON', { kind: 'malformed' } as const, /^Bandsintown: sent a response that is not valid JSON$/],
    ['a changed shape', { kind: 'body', body: { data: [] } } as const, /^Bandsintown: response did not have the expected shape \(body: .*expected array/],
    ['a reset connection', { kind: 'reset' } as const, /^Bandsintown: unreachable \(/],
  ])('answers %s with isError naming the upstream and the cause, then keeps serving', async (_name, fault, message) => {
    if (fault.kind === 'timeout') {
      await pack.close();
      pack = await startConcert(1000);
    }
    upstream.inject(fault);
    const failed = await pack.call('events', { location: 'Paris' });
    expect(failed.isError).toBe(true);
    expect(failed.content[0]!.text).toMatch(message);
    expect(failed.content[0]!.text).not.toContain(APP_ID);

    upstream.heal();
    const recovered = await pack.call('events', { location: 'Lyon, France' });
    expect(recovered.structuredContent.count).toBe(2);
  });

  // Issue 41: Bandsintown's documented shape for an app id over its limit. Before, each of 12 calls
  // sent a request and got the same answer.
  it('answers a 429 with Retry-After: 86400 with isError naming when, and sends nothing more for that app id until then', async () => {
    upstream.inject({ kind: 'status', status: 429, retryAfter: '86400' });
    const first = await pack.call('events', { location: 'Paris' });
    expect(first.content[0]!.text).toBe('Bandsintown: rate limited (HTTP 429, retry in 86400 s)');
    for (let index = 0; index < 11; index += 1) {
      const held = await pack.call('events', { location: `City ${index}` });
      expect(held.isError).toBe(true);
      expect(held.content[0]!.text).toMatch(/^Bandsintown: rate limited \(HTTP 429, retry in \d+ s, at \d{4}-\d\d-\d\dT[\d:.]+Z\); held back until then, no request sent$/);
      expect(held.content[0]!.text).not.toContain(APP_ID);
    }
    expect(upstream.requests).toHaveLength(1);
  });

  it('opens the breaker after repeated failures and fails fast while it is open', async () => {
    upstream.inject({ kind: 'status', status: 503 });
    // Five failed attempts open it: two calls of up to three attempts each.
    await pack.call('events', { location: 'Oslo' });
    await pack.call('events', { location: 'Rome' });
    const seen = upstream.requests.length;
    // Failing fast: no request reaches the upstream (counted below), whatever the clock says.
    const fast = await pack.call('events', { location: 'Madrid' });
    expect(fast.content[0]!.text).toMatch(/^Bandsintown: unavailable after repeated failures \(circuit open: failing fast\), retry in \d+ s$/);
    expect(upstream.requests.length).toBe(seen);
  });
});

describe('the concert pack without BANDSINTOWN_APP_ID', () => {
  it('still lists its tools, and each call names the variable to set', async () => {
    const keyless = await startPack(concertModule, { BANDSINTOWN_BASE_URL: upstream.url });
    expect((await keyless.listTools()).map((tool) => tool.name)).toEqual(['events', 'artist', 'artist_events']);
    for (const [tool, args] of [['events', {}], ['artist', { name: 'Justin Bieber' }], ['artist_events', { name: 'Justin Bieber' }]] as const) {
      const result = await keyless.call(tool, args);
      expect(result.isError).toBe(true);
      expect(result.content[0]!.text).toMatch(/set BANDSINTOWN_APP_ID/);
    }
    expect(upstream.requests).toHaveLength(0);
    await keyless.close();
  });
});
