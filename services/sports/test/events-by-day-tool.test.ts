import { readFileSync } from 'node:fs';
import { startFakeUpstream, startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { sportsModule } from '../src/index.ts';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/eventsday.json', import.meta.url), 'utf8'));
const KEY = 'paid-key-8842';

let upstream: FakeUpstream;
let pack: PackHarness;
beforeEach(async () => {
  upstream = await startFakeUpstream((request) => {
    if (request.path !== `/api/v1/json/${KEY}/eventsday.php`) return { status: 404, body: {} };
    const sport = request.query.get('s');
    const events = fixture.events.filter((event: { strSport: string }) => !sport || event.strSport === sport);
    return { body: { events: events.length > 0 ? events : null } };
  });
  pack = await startPack(sportsModule, {
    THESPORTSDB_API_KEY: KEY,
    THESPORTSDB_BASE_URL: `${upstream.url}/api/v1/json`,
    THESPORTSDB_REQUESTS_PER_MINUTE: '5',
    UPSTREAM_TIMEOUT_MS: '1000',
  });
});
afterEach(async () => {
  await pack.close();
  await upstream.close();
});

describe('events_by_day (sports pack, TheSportsDB)', () => {
  it("returns a day's normalised events", async () => {
    const result = await pack.call('events_by_day', { date: '2026-03-14' });
    expect(result.structuredContent.count).toBe(3);
    expect(result.structuredContent.events[0].teams).toEqual({ home: 'Arsenal', away: 'Chelsea' });
    expect(upstream.requests[0]!.query.get('d')).toBe('2026-03-14');
  });

  it('sends the canonical sport name and filters leagues case-insensitively', async () => {
    const hockey = await pack.call('events_by_day', { date: '2026-03-14', sport: 'ice hockey' });
    expect(upstream.requests[0]!.query.get('s')).toBe('Ice Hockey');
    expect(hockey.structuredContent.events.map((event: { league: string }) => event.league)).toEqual(['NHL']);
    const nba = await pack.call('events_by_day', { date: '2026-03-14', league: 'nba' });
    expect(nba.structuredContent.events.map((event: { name: string }) => event.name)).toEqual(['Lakers vs Celtics']);
  });

  it('answers a day without events with an empty list', async () => {
    const result = await pack.call('events_by_day', { date: '2026-03-14', sport: 'cricket' });
    expect(result.structuredContent).toEqual({ date: '2026-03-14', count: 0, events: [] });
  });

  it('rejects a date that is not on the calendar, and an unknown sport', async () => {
    const date = await pack.call('events_by_day', { date: '2026-02-30' });
    expect(date.isError).toBe(true);
    expect(date.content[0]!.text).toMatch(/date: must be a real calendar date/);
    const sport = await pack.call('events_by_day', { date: '2026-03-14', sport: 'quidditch' });
    expect(sport.content[0]!.text).toMatch(/unknown sport "quidditch"; use one of: Soccer/);
    expect(upstream.requests).toHaveLength(0);
  });

  it('stays under the request budget, saying when to retry, and keeps serving cached days', async () => {
    for (let day = 10; day < 15; day += 1) expect((await pack.call('events_by_day', { date: `2026-03-${day}` })).isError).toBeUndefined();
    const limited = await pack.call('events_by_day', { date: '2026-03-20' });
    expect(limited.isError).toBe(true);
    expect(limited.content[0]!.text).toMatch(/^TheSportsDB: rate limited, retry in \d+ s/);
    expect(upstream.requests).toHaveLength(5);
    expect((await pack.call('events_by_day', { date: '2026-03-14' })).structuredContent.count).toBe(3);
  });

  it.each([
    ['a timeout', { kind: 'timeout' } as const, /^TheSportsDB: no response within 1000 ms \(timed out\)$/],
    ['a 500', { kind: 'status', status: 500 } as const, /^TheSportsDB: server error \(HTTP 500\)$/],
    ['a 429 with a long Retry-After', { kind: 'status', status: 429, retryAfter: '45' } as const, /^TheSportsDB: rate limited \(HTTP 429, retry in 45 s\)$/],
    ['malformed JSON', { kind: 'malformed' } as const, /^TheSportsDB: sent a response that is not valid JSON$/],
    ['a changed shape', { kind: 'body', body: { results: [] } } as const, /^TheSportsDB: response did not have the expected shape \(events: /],
    ['a reset connection', { kind: 'reset' } as const, /^TheSportsDB: unreachable \(/],
  ])('answers %s with isError naming the upstream and the cause, without the key', async (_name, fault, message) => {
    upstream.inject(fault);
    const failed = await pack.call('events_by_day', { date: '2026-03-01' });
    expect(failed.isError).toBe(true);
    expect(failed.content[0]!.text).toMatch(message);
    expect(failed.content[0]!.text).not.toContain(KEY);
    upstream.heal();
    expect((await pack.call('events_by_day', { date: '2026-03-14' })).structuredContent.count).toBe(3);
  });
});
