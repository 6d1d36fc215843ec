import { startFakeUpstream, startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { gameModule } from '../src/index.ts';
import { fixture } from './support/fixtures.ts';
import { TOKEN, brawlifyRoute, officialRoute } from './support/stand-ins.ts';

const compact = (time: number) => new Date(time).toISOString().replace(/[-:]/g, '');

describe('events_rotation with BRAWLSTARS_API_TOKEN (official API)', () => {
  let upstream: FakeUpstream;
  let pack: PackHarness;
  let endsIn = 60 * 60_000;
  beforeEach(async () => {
    upstream = await startFakeUpstream((request) => {
      const answer = officialRoute(request);
      if (request.path !== '/v1/events/rotation' || answer.status) return answer;
      const rotation = fixture('official/events-rotation.json');
      rotation[1].endTime = compact(Date.now() + endsIn);
      return { body: rotation };
    });
    pack = await startPack(gameModule, { BRAWLSTARS_API_TOKEN: TOKEN, BRAWLSTARS_BASE_URL: `${upstream.url}/v1`, BRAWLIFY_BASE_URL: 'http://127.0.0.1:9/v1', UPSTREAM_TIMEOUT_MS: '1000' });
  });
  afterEach(async () => {
    await pack.close();
    await upstream.close();
  });

  it('returns the recorded rotation with ISO 8601 times and the official modifiers, sending the token as a Bearer header', async () => {
    const result = await pack.call('events_rotation');
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent.items).toHaveLength(14);
    expect(result.structuredContent.items[7]).toEqual({
      id: 15000642, mode: 'gemGrab5V5', map: 'Snowman forest', startTime: '2025-08-14T08:00:00.000Z', endTime: '2025-08-15T08:00:00.000Z', modifiers: ['unknown'],
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

  it("says when the token does not allow the server's IP, with the IP, and never shows the token", async () => {
    const refusing = await startFakeUpstream(() => ({ status: 403, body: fixture('errors/access-denied-invalid-ip.json') }));
    const refused = await startPack(gameModule, { BRAWLSTARS_API_TOKEN: TOKEN, BRAWLSTARS_BASE_URL: `${refusing.url}/v1`, UPSTREAM_TIMEOUT_MS: '1000' });
    try {
      const result = await refused.call('events_rotation');
      expect(result.isError).toBe(true);
      expect(result.content[0]!.text).toBe(
        "Brawl Stars API: the token does not allow access from this server's IP 132.145.0.9 (accessDenied.invalidIp). Add 132.145.0.9 to the key's allowed IP addresses at developer.brawlstars.com, or create a key for it.",
      );
      expect(result.content[0]!.text).not.toContain(TOKEN);
    } finally {
      await refused.close();
      await refusing.close();
    }
  });
});

describe('events_rotation without a token (Brawlify)', () => {
  let upstream: FakeUpstream;
  let pack: PackHarness;
  beforeEach(async () => {
    upstream = await startFakeUpstream(brawlifyRoute);
    pack = await startPack(gameModule, { BRAWLIFY_BASE_URL: `${upstream.url}/v1`, UPSTREAM_TIMEOUT_MS: '1000' });
  });
  afterEach(async () => {
    await pack.close();
    await upstream.close();
  });

  it("serves Brawlify's active rotation with official mode ids", async () => {
    const result = await pack.call('events_rotation');
    expect(result.structuredContent.items.map((item: { mode: string }) => item.mode)).toEqual([
      'trophyThieves', 'trophyThieves', 'trophyThieves', 'soloShowdown', 'duoShowdown', 'brawlBall', 'gemGrab', 'heist', 'bounty', 'soloShowdown', 'gemGrab5V5', 'knockout',
    ]);
    expect(result.structuredContent.items[0]).toEqual({
      id: 15001036, mode: 'trophyThieves', map: 'Thin Walls', startTime: '2025-08-14T09:00:00.000Z', endTime: '2025-08-20T09:00:00.000Z', modifiers: [],
    });
    expect(upstream.requests[0]!.headers.authorization).toBeUndefined();
  });

  it.each([
    ['a timeout', { kind: 'timeout' } as const, /^Brawlify: no response within 1000 ms \(timed out\)$/],
    ['a 500', { kind: 'status', status: 500 } as const, /^Brawlify: server error \(HTTP 500\)/],
    ['malformed JSON', { kind: 'malformed' } as const, /^Brawlify: sent a response that is not valid JSON$/],
    ['a changed shape', { kind: 'body', body: { events: [] } } as const, /^Brawlify: response did not have the expected shape \(active: /],
    ['a reset connection', { kind: 'reset' } as const, /^Brawlify: unreachable \(/],
  ])('answers %s with isError naming Brawlify and the cause, then keeps serving', async (_name, fault, message) => {
    upstream.inject(fault);
    const failed = await pack.call('events_rotation');
    expect(failed.isError).toBe(true);
    expect(failed.content[0]!.text).toMatch(message);
    upstream.heal();
    expect((await pack.call('events_rotation')).structuredContent.items).toHaveLength(12);
  });

  it('answers a 429 with a long Retry-After with isError naming when, then holds Brawlify back until then (issue 41)', async () => {
    upstream.inject({ kind: 'status', status: 429, retryAfter: '60' });
    const failed = await pack.call('events_rotation');
    expect(failed.content[0]!.text).toMatch(/^Brawlify: rate limited \(HTTP 429, retry in 60 s\)/);
    upstream.heal();
    const held = await pack.call('events_rotation');
    expect(held.content[0]!.text).toMatch(/^Brawlify: rate limited \(HTTP 429, retry in \d+ s, at .*\); held back until then, no request sent$/);
    expect(upstream.requests).toHaveLength(1);
  });
});
