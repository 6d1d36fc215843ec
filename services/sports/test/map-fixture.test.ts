import { eventsEnvelope } from '../src/upstream/schemas.ts';
import { mapFixture, toScore, toStartTime } from '../src/upstream/map-fixture.ts';
import { canonicalSport } from '../src/tools/sport-names.ts';
import { eventsByDayInputSchema } from '../src/tools/events-by-day.ts';
import { fixture } from './sportsdb-stand-in.ts';

describe('mapping TheSportsDB events (recorded eventsday.php, eventsnext.php)', () => {
  const events = (eventsEnvelope.parse(fixture('eventsday')).events as never[]).map(mapFixture);

  it('normalises a finished game: numbers for ids and scores, UTC start, round', () => {
    expect(events[1]).toEqual({
      id: '2475424', name: 'Buffalo Bills vs New England Patriots', sport: 'American Football', league: 'NFL', league_id: 4391, season: '2026',
      round: 4, teams: { home: 'Buffalo Bills', away: 'New England Patriots' }, team_ids: { home: 134918, away: 134920 },
      scores: { home: 26, away: 29 }, start_time: '2026-10-04T17:00:00.000Z', venue: 'Highmark Stadium', country: 'United States', status: 'FT',
    });
  });

  it('keeps null scores for a game not played yet', () => {
    const next = mapFixture(eventsEnvelope.parse(fixture('eventsnext')).events![0] as never);
    expect(next).toMatchObject({ scores: { home: null, away: null }, status: 'NS', start_time: '2026-10-11T15:30:00.000Z', round: 6 });
  });

  it('reads scores and start times defensively', () => {
    expect(toScore('0')).toBe(0);
    expect(toScore('n/a')).toBeNull();
    expect(toStartTime({ strTimestamp: '2026-03-14T23:00:00+00:00', dateEvent: null, strTime: null })).toBe('2026-03-14T23:00:00.000Z');
    expect(toStartTime({ strTimestamp: '', dateEvent: '2026-03-14', strTime: '02:30:00' })).toBe('2026-03-14T02:30:00.000Z');
    expect(toStartTime({ strTimestamp: null, dateEvent: '2026-03-14', strTime: null })).toBe('2026-03-14');
    expect(toStartTime({ strTimestamp: null, dateEvent: null, strTime: null })).toBeNull();
  });

  it('accepts a day with no events, and a rejected parameter as text', () => {
    expect(eventsEnvelope.parse({ events: null }).events).toBeNull();
    expect(eventsEnvelope.safeParse({ fuzz: 'a renamed key' }).success).toBe(false);
    expect(eventsEnvelope.parse({ events: 'Invalid League ID or no round passed' }).events).toBe('Invalid League ID or no round passed');
  });
});

describe('sports input', () => {
  it('matches sports case-insensitively', () => {
    expect(canonicalSport('ice hockey')).toBe('Ice Hockey');
    expect(canonicalSport('  AMERICAN   football ')).toBe('American Football');
    expect(canonicalSport('mma')).toBe('Fighting');
    expect(canonicalSport('quidditch')).toBeUndefined();
  });

  it('only takes real calendar dates', () => {
    const accepts = (date: string) => eventsByDayInputSchema.safeParse({ date }).success;
    expect(accepts('2026-03-14')).toBe(true);
    expect(accepts('2026-02-29')).toBe(false);
    expect(accepts('2026-3-14')).toBe(false);
  });
});
