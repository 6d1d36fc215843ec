import { readFileSync } from 'node:fs';
import { startFakeUpstream, startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { gameModule } from '../src/index.ts';

const read = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const TOKEN = 'eyJ0eXAiOiJKV1Qi.secret-token';
const compact = (time: number) => new Date(time).toISOString().replace(/[-:]/g, '');

describe('events_rotation with BRAWLSTARS_API_TOKEN (official API)', () => {
  let upstream: FakeUpstream;
  let pack: PackHarness;
  let endsIn = 60 * 60_000;
  beforeEach(async () => {
    upstream = await startFakeUpstream((request) => {
      if (request.path !== '/v1/events/rotation') return { status: 404, body: { reason: 'notFound' } };
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return { status: 403, body: { reason: 'accessDenied' } };
      const rotation = read('brawlstars-rotation.json');
      rotation[1].endTime = compact(Date.now() + endsIn);
      return { body: rotation };
    });
    pack = await startPack(gameModule, { BRAWLSTARS_API_TOKEN: TOKEN, BRAWLSTARS_BASE_URL: `${upstream.url}/v1`, UPSTREAM_TIMEOUT_MS: '1000' });
  });
  afterEach(async () => {
    await pack.close();
    await upstream.close();
  });

  it('returns the rotation with ISO 8601 times, sending the token as a Bearer header', async () => {
    const result = await pack.call('events_rotation');
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent.items).toHaveLength(3);
    expect(result.structuredContent.items[0]).toEqual({
      id: 15000007, mode: 'gemGrab', map: 'Hard Rock Mine', startTime: '2026-09-22T08:00:00.000Z', endTime: '2026-09-23T08:00:00.000Z',
    });
  });

  it('keeps the rotation until the earliest event ends', async () => {
    endsIn = 300;
    await pack.call('events_rotation');
    await pack.call('events_rotation');
    expect(upstream.requests).toHaveLength(1);
    // The floor is 5 s: wait it out and the next call asks again.
    await new Promise((resolve) => setTimeout(resolve, 5100));
    await pack.call('events_rotation');
    expect(upstream.requests).toHaveLength(2);
    endsIn = 60 * 60_000;
  }, 15_000);

  it('reports a refused token without showing it', async () => {
    upstream.inject({ kind: 'status', status: 403 });
    const result = await pack.call('events_rotation');
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe('Brawl Stars API: refused the credentials (HTTP 403): check the API key or token');
    expect(result.content[0]!.text).not.toContain(TOKEN);
  });
});

describe('events_rotation without a token (Brawlify)', () => {
  let upstream: FakeUpstream;
  let pack: PackHarness;
  beforeEach(async () => {
    upstream = await startFakeUpstream((request) => (request.path === '/v1/events' ? { body: read('brawlify-events.json') } : { status: 404, body: {} }));
    pack = await startPack(gameModule, { BRAWLIFY_BASE_URL: `${upstream.url}/v1`, UPSTREAM_TIMEOUT_MS: '1000' });
  });
  afterEach(async () => {
    await pack.close();
    await upstream.close();
  });

  it('serves the active rotation from Brawlify', async () => {
    const result = await pack.call('events_rotation');
    expect(result.structuredContent.items.map((item: { mode: string }) => item.mode)).toEqual(['gemGrab', 'soloShowdown']);
    expect(upstream.requests[0]!.headers.authorization).toBeUndefined();
  });

  it.each([
    ['a timeout', { kind: 'timeout' } as const, /^Brawlify: no response within 1000 ms \(timed out\)$/],
    ['a 500', { kind: 'status', status: 500 } as const, /^Brawlify: server error \(HTTP 500\)$/],
    ['a 429 with a long Retry-After', { kind: 'status', status: 429, retryAfter: '60' } as const, /^Brawlify: rate limited \(HTTP 429, retry in 60 s\)$/],
    ['malformed JSON', { kind: 'malformed' } as const, /^Brawlify: sent a response that is not valid JSON$/],
    ['a changed shape', { kind: 'body', body: { events: [] } } as const, /^Brawlify: response did not have the expected shape \(active: /],
    ['a reset connection', { kind: 'reset' } as const, /^Brawlify: unreachable \(/],
  ])('answers %s with isError naming Brawlify and the cause, then keeps serving', async (_name, fault, message) => {
    upstream.inject(fault);
    const failed = await pack.call('events_rotation');
    expect(failed.isError).toBe(true);
    expect(failed.content[0]!.text).toMatch(message);
    upstream.heal();
    expect((await pack.call('events_rotation')).structuredContent.items).toHaveLength(2);
  });
});
