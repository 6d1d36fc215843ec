import { RawBody, startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { sportsModule } from '../src/index.ts';
import { packEnv, startSportsDb } from './sportsdb-stand-in.ts';

const PREMIUM = 'paid-key-8842';

let upstream: FakeUpstream;
let pack: PackHarness;
const start = async (key: string, extra: Record<string, string> = {}) => {
  pack = await startPack(sportsModule, packEnv(upstream, key, { THESPORTSDB_REQUESTS_PER_MINUTE: '5', ...extra }));
};
beforeEach(async () => {
  upstream = await startSportsDb(['123', PREMIUM]);
});
afterEach(async () => {
  await pack?.close();
  await upstream.close();
});

describe('events_by_day (sports pack, TheSportsDB)', () => {
  it("returns a day's normalised events, and says the free key's 3-event cap may have cut them", async () => {
    await start('123');
    const result = await pack.call('events_by_day', { date: '2026-10-04' });
    expect(result.structuredContent).toMatchObject({ date: '2026-10-04', count: 3, complete: false });
    expect(result.structuredContent.reason).toMatch(/free key returns at most 3 rows from eventsday\.php.*premium key \(THESPORTSDB_API_KEY\) returns up to 1500/);
    expect(result.structuredContent.events[0]).toEqual({
      id: '2475423', name: 'Washington Commanders vs Indianapolis Colts', sport: 'American Football', league: 'NFL', league_id: 4391,
      season: '2026', round: 4, teams: { home: 'Washington Commanders', away: 'Indianapolis Colts' }, team_ids: { home: 134937, away: 134927 },
      scores: { home: 13, away: 30 }, start_time: '2026-10-04T13:30:00.000Z', venue: 'Tottenham Hotspur Stadium', country: 'United Kingdom', status: 'FT',
    });
    expect(upstream.requests[0]!.query.get('d')).toBe('2026-10-04');
  });

  it('sends the league upstream as l= (a name or an id), so the cap applies after the league filter', async () => {
    await start('123');
    const byName = await pack.call('events_by_day', { date: '2026-10-04', league: 'NFL' });
    expect(upstream.requests[0]!.query.get('l')).toBe('NFL');
    expect(byName.structuredContent.count).toBe(3);
    const byId = await pack.call('events_by_day', { date: '2026-10-04', league: '4391' });
    expect(upstream.requests[1]!.query.get('l')).toBe('4391');
    expect(byId.structuredContent.events.map((event: { league_id: number }) => event.league_id)).toEqual([4391, 4391, 4391]);
    const none = await pack.call('events_by_day', { date: '2026-10-04', league: 'NHL' });
    expect(none.structuredContent).toEqual({ date: '2026-10-04', count: 0, complete: true, reason: null, events: [] });
  });

  it('sends the canonical sport name, and calls a premium answer under its cap complete', async () => {
    await start(PREMIUM);
    const result = await pack.call('events_by_day', { date: '2026-10-04', sport: 'american football' });
    expect(upstream.requests[0]!.query.get('s')).toBe('American Football');
    expect(result.structuredContent).toMatchObject({ count: 3, complete: true, reason: null });
    const cricket = await pack.call('events_by_day', { date: '2026-10-04', sport: 'cricket' });
    expect(cricket.structuredContent).toMatchObject({ count: 0, events: [] });
  });

  it('rejects a date that is not on the calendar, an unknown sport and a league with odd characters, before any request', async () => {
    await start('123');
    const date = await pack.call('events_by_day', { date: '2026-02-30' });
    expect(date.isError).toBe(true);
    expect(date.content[0]!.text).toMatch(/date: must be a real calendar date/);
    const sport = await pack.call('events_by_day', { date: '2026-03-14', sport: 'quidditch' });
    expect(sport.content[0]!.text).toMatch(/unknown sport "quidditch"; use one of: Soccer/);
    const league = await pack.call('events_by_day', { date: '2026-03-14', league: 'NFL&s=Soccer' });
    expect(league.content[0]!.text).toMatch(/league: league must be a league name or a TheSportsDB league id/);
    expect(upstream.requests).toHaveLength(0);
  });

  it('stays under the request budget, saying when to retry, and keeps serving cached days', async () => {
    await start('123');
    for (let day = 10; day < 15; day += 1) expect((await pack.call('events_by_day', { date: `2026-03-${day}` })).isError).toBeUndefined();
    const limited = await pack.call('events_by_day', { date: '2026-03-20' });
    expect(limited.isError).toBe(true);
    expect(limited.content[0]!.text).toMatch(/^TheSportsDB: rate limited, retry in \d+ s/);
    expect(upstream.requests).toHaveLength(5);
    expect((await pack.call('events_by_day', { date: '2026-03-14' })).isError).toBeUndefined();
  });

  it('says an invalid key is invalid and which variable to set, without echoing the key', async () => {
    await start('not-a-key-77');
    const failed = await pack.call('events_by_day', { date: '2026-10-04' });
    expect(failed.isError).toBe(true);
    expect(failed.content[0]!.text).toMatch(/^TheSportsDB: refused the API key \(HTTP 400\): "Invalid Premium API key: Signup here: .*"\. Set THESPORTSDB_API_KEY to a valid key: 123 is the free public key/);
    expect(failed.content[0]!.text).not.toContain('not-a-key-77');
  });

  it('redacts the key when a 200 body echoes it, in the invalid-key advice and in any other lone Message', async () => {
    // Hand-written bodies: the recorded refusals do not echo the key, but nothing stops one from doing so.
    await start(PREMIUM);
    upstream.inject({ kind: 'body', body: { Message: `Invalid Premium API key: ${PREMIUM}` } }, 1);
    const invalid = await pack.call('events_by_day', { date: '2026-03-03' });
    expect(invalid.content[0]!.text).toBe(
      'TheSportsDB: refused the API key: "Invalid Premium API key: [redacted]". Set THESPORTSDB_API_KEY to a valid key: 123 is the free public key; premium keys come from https://www.thesportsdb.com/pricing',
    );
    upstream.inject({ kind: 'body', body: { Message: `Too many requests from key ${PREMIUM}` } }, 1);
    const other = await pack.call('events_by_day', { date: '2026-03-04' });
    expect(other.content[0]!.text).toBe('TheSportsDB: refused the request: Too many requests from key [redacted]');
  });

  it('reads an empty body and {"Message":"No data found"} as no events, and a body without `events` as a changed API', async () => {
    await start(PREMIUM);
    upstream.inject({ kind: 'body', body: new RawBody('') }, 1);
    expect((await pack.call('events_by_day', { date: '2026-03-01' })).structuredContent).toMatchObject({ count: 0, complete: true });
    upstream.inject({ kind: 'body', body: { Message: 'No data found' } }, 1);
    expect((await pack.call('events_by_day', { date: '2026-03-02' })).structuredContent).toMatchObject({ count: 0, complete: true });
    upstream.inject({ kind: 'body', body: { event: [] } }, 1);
    expect((await pack.call('events_by_day', { date: '2026-03-03' })).content[0]!.text).toMatch(/^TheSportsDB: response did not have the expected shape \(events/);
  });

  it.each([
    ['a timeout', { kind: 'timeout' } as const, /^TheSportsDB: no response within 1000 ms \(timed out\)$/],
    ['a 500', { kind: 'status', status: 500 } as const, /^TheSportsDB: server error \(HTTP 500\)$/],
    ['malformed JSON', { kind: 'malformed' } as const, /^TheSportsDB: sent a response that is not valid JSON/],
    ['a changed shape', { kind: 'body', body: { events: [{ strEvent: 'no id' }] } } as const, /^TheSportsDB: response did not have the expected shape \(events/],
    ['a reset connection', { kind: 'reset' } as const, /^TheSportsDB: unreachable \(/],
  ])('answers %s with isError naming the upstream and the cause, without the key', async (_name, fault, message) => {
    await start(PREMIUM);
    upstream.inject(fault);
    const failed = await pack.call('events_by_day', { date: '2026-03-01' });
    expect(failed.isError).toBe(true);
    expect(failed.content[0]!.text).toMatch(message);
    expect(failed.content[0]!.text).not.toContain(PREMIUM);
    upstream.heal();
    expect((await pack.call('events_by_day', { date: '2026-10-04' })).structuredContent.count).toBe(3);
  });

  it('answers a 429 with a long Retry-After with isError naming when, without the key, then holds that key back (issue 41)', async () => {
    await start(PREMIUM);
    upstream.inject({ kind: 'status', status: 429, retryAfter: '45' });
    const failed = await pack.call('events_by_day', { date: '2026-03-01' });
    expect(failed.content[0]!.text).toMatch(/^TheSportsDB: rate limited \(HTTP 429, retry in 45 s\)$/);
    upstream.heal();
    const held = await pack.call('events_by_day', { date: '2026-10-04' });
    expect(held.content[0]!.text).toMatch(/^TheSportsDB: rate limited \(HTTP 429, retry in \d+ s, at .*\); held back until then, no request sent$/);
    expect(held.content[0]!.text).not.toContain(PREMIUM);
    expect(upstream.requests).toHaveLength(1);
  });
});
