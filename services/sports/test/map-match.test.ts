import { eventStatsEnvelope, eventsEnvelope, lineupEnvelope, timelineEnvelope } from '../src/upstream/schemas.ts';
import { isFinished, mapMatch } from '../src/upstream/map-match.ts';
import { mapEventStat, mapLineupEntry, mapTimelineEntry } from '../src/upstream/map-match-detail.ts';
import { noCoverageReason } from '../src/tools/match-detail-shared.ts';
import { fixture } from './sportsdb-stand-in.ts';

const rows = <T>(value: T[] | string | null | undefined): T[] => (Array.isArray(value) ? value : []);
const now = new Date('2026-10-05T12:00:00Z');

describe('mapping one match and its details (recorded answers)', () => {
  const [event] = rows(eventsEnvelope.parse(fixture('lookupevent')).events);

  it('maps a match with crowd and city, and reads half-time and extra-time scores when sent', () => {
    expect(mapMatch(event!, now)).toMatchObject({ spectators: 44621, city: 'Liverpool', postponed: false, finished: true, half_time: { home: null, away: null } });
    expect(mapMatch({ ...event!, intHomeScoreHT: '2', intAwayScoreHT: '0', intHomeScoreExtra: '5', intAwayScoreExtra: '4', strPostponed: 'yes' }, now)).toMatchObject({
      half_time: { home: 2, away: 0 }, extra_time: { home: 5, away: 4 }, postponed: true,
    });
  });

  it('calls a match finished from its status, or from score and age when there is none', () => {
    const base = { scores: { home: 1, away: 0 }, start_time: '2026-10-03T15:00:00.000Z' };
    expect(isFinished({ ...base, status: 'FT' }, now)).toBe(true);
    expect(isFinished({ ...base, status: '2H' }, now)).toBe(false);
    expect(isFinished({ ...base, status: null }, now)).toBe(true);
    expect(isFinished({ ...base, status: null, start_time: '2026-10-05T11:00:00.000Z' }, now)).toBe(false);
    expect(isFinished({ status: null, scores: { home: null, away: null }, start_time: '2014-01-01' }, now)).toBe(false);
  });

  it('maps a goal/card timeline row', () => {
    expect(rows(timelineEnvelope.parse(fixture('lookuptimeline')).timeline).map(mapTimelineEntry)[0]).toEqual({
      minute: 6, type: 'Card', detail: 'Yellow Card', side: 'away', team: 'Leeds', team_id: 133635, player: 'Kalvin Phillips', player_id: 34147877,
      second_player: null, second_player_id: null, comment: null,
    });
  });

  it('maps stats, reading "65%" as 65 and keeping the text', () => {
    expect(rows(eventStatsEnvelope.parse(fixture('lookupeventstats')).eventstats).map(mapEventStat)[4]).toEqual({
      name: 'Shots insidebox', home: 13, away: 10, home_text: '13', away_text: '10',
    });
    expect(mapEventStat({ strStat: 'Ball Possession', intHome: '65%', intAway: '35%' })).toEqual({ name: 'Ball Possession', home: 65, away: 35, home_text: '65%', away_text: '35%' });
  });

  it('maps a lineup row', () => {
    expect(rows(lineupEnvelope.parse(fixture('lookuplineup')).lineup).map(mapLineupEntry)[0]).toEqual({
      player: 'Emiliano Martinez', player_id: 34145423, position: 'Goalkeeper', squad_number: 26, substitute: false, side: 'home', team: 'Aston Villa', team_id: 133601,
    });
  });

  it('says why a real match has no rows: not started yet, or not covered', () => {
    const future = { ...mapMatch(event!, now), finished: false, start_time: '2026-10-11T15:30:00.000Z', name: 'Liverpool vs Manchester City' };
    expect(noCoverageReason('lineup', future, now)).toBe('Liverpool vs Manchester City (2026-10-11) has not started: TheSportsDB adds the lineup around and after kick-off');
    expect(noCoverageReason('timeline', mapMatch(event!, now), now)).toMatch(/^TheSportsDB has no timeline for Liverpool vs Swansea \(2014-12-29\)/);
  });
});
