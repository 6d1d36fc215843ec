import { readFileSync } from 'node:fs';
import { eventsDaySchema } from '../src/upstream/schemas.ts';
import { mapFixture, toScore, toStartTime } from '../src/upstream/map-fixture.ts';
import { fixturesTtlMs } from '../src/upstream/client.ts';
import { canonicalSport, filterByLeague } from '../src/tools/sport-names.ts';
import { isCalendarDate } from '../src/tools/events-by-day.ts';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/eventsday.json', import.meta.url), 'utf8'));

describe('mapping TheSportsDB events', () => {
  const events = eventsDaySchema.parse(fixture).events!.map(mapFixture);

  it('normalises a finished match', () => {
    expect(events[0]).toEqual({
      id: '2052711',
      name: 'Arsenal vs Chelsea',
      sport: 'Soccer',
      league: 'English Premier League',
      season: '2025-2026',
      teams: { home: 'Arsenal', away: 'Chelsea' },
      scores: { home: 2, away: 1 },
      start_time: '2026-03-14T15:00:00.000Z',
      venue: 'Emirates Stadium',
      country: 'England',
      status: 'Match Finished',
    });
  });

  it('uses null for unknown scores, venue and status, and builds the start from date and time', () => {
    expect(events[1]).toMatchObject({ scores: { home: null, away: null }, start_time: '2026-03-14T23:00:00.000Z' });
    expect(events[2]).toMatchObject({ scores: { home: null, away: null }, venue: null, status: null, start_time: '2026-03-14T02:30:00.000Z' });
  });

  it('reads scores and start times defensively', () => {
    expect(toScore('0')).toBe(0);
    expect(toScore('n/a')).toBeNull();
    expect(toStartTime({ strTimestamp: null, dateEvent: '2026-03-14', strTime: null })).toBe('2026-03-14');
    expect(toStartTime({ strTimestamp: null, dateEvent: null, strTime: null })).toBeNull();
  });

  it('accepts a day with no events', () => {
    expect(eventsDaySchema.parse({ events: null }).events).toBeNull();
  });
});

describe('sports filters', () => {
  it('matches sports case-insensitively', () => {
    expect(canonicalSport('ice hockey')).toBe('Ice Hockey');
    expect(canonicalSport('  AMERICAN   football ')).toBe('American Football');
    expect(canonicalSport('mma')).toBe('Fighting');
    expect(canonicalSport('quidditch')).toBeUndefined();
  });

  it('matches leagues exactly first, then by part of the name', () => {
    const events = [{ league: 'English Premier League' }, { league: 'Premier League' }, { league: 'NBA' }, { league: null }];
    expect(filterByLeague(events, 'premier league')).toEqual([{ league: 'Premier League' }]);
    expect(filterByLeague(events, 'english')).toEqual([{ league: 'English Premier League' }]);
    expect(filterByLeague(events, 'nhl')).toEqual([]);
  });

  it('only takes real calendar dates', () => {
    expect(isCalendarDate('2026-03-14')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-3-14')).toBe(false);
  });

  it('caches a past day for a day, today for ninety seconds', () => {
    const now = new Date('2026-03-14T12:00:00Z');
    expect(fixturesTtlMs('2026-03-13', now)).toBe(86_400_000);
    expect(fixturesTtlMs('2026-03-14', now)).toBe(90_000);
    expect(fixturesTtlMs('2026-03-15', now)).toBe(600_000);
  });
});
