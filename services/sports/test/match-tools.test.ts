import { startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { sportsModule } from '../src/index.ts';
import { packEnv, startSportsDb } from './sportsdb-stand-in.ts';

let upstream: FakeUpstream;
let pack: PackHarness;
beforeEach(async () => {
  upstream = await startSportsDb(['123']);
  pack = await startPack(sportsModule, packEnv(upstream, '123'));
});
afterEach(async () => {
  await pack.close();
  await upstream.close();
});
const paths = () => upstream.requests.map((request) => `${request.path.replace(/^.*\//, '')}?${request.query}`);

describe('event', () => {
  it('gives one match in full; an old event without a status counts as finished from its score and date', async () => {
    const result = await pack.call('event', { event_id: 441613 });
    expect(result.structuredContent).toEqual({
      id: '441613', name: 'Liverpool vs Swansea', sport: 'Soccer', league: 'English Premier League', league_id: 4328, season: '2014-2015', round: 19,
      teams: { home: 'Liverpool', away: 'Swansea' }, team_ids: { home: 133602, away: 133614 }, scores: { home: 4, away: 1 },
      start_time: '2014-12-29T20:00:00.000Z', venue: 'Anfield', country: 'England', status: null,
      half_time: { home: null, away: null }, extra_time: { home: null, away: null }, city: 'Liverpool', spectators: 44621, postponed: false, finished: true,
    });
  });

  it('says "no such event" for an unknown id', async () => {
    const result = await pack.call('event', { event_id: 12 });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/^TheSportsDB has no event with id 12; events_by_day/);
  });
});

describe('event_timeline, event_stats, event_lineup', () => {
  it("gives a match's timeline by minute, typed, and says the free key's five rows may be cut", async () => {
    const result = await pack.call('event_timeline', { event_id: 1032718 });
    expect(result.structuredContent).toMatchObject({ event_id: 1032718, covered: true, count: 5, complete: false });
    expect(result.structuredContent.items[1]).toEqual({
      minute: 46, type: 'subst', detail: 'Rodrigo', side: 'away', team: 'Leeds', team_id: 133635, player: 'Tyler Roberts', player_id: 34161977,
      second_player: 'Rodrigo Moreno Machado', second_player_id: 34149736, comment: null,
    });
    expect(paths()).toEqual(['lookuptimeline.php?id=1032718']);
  });

  it('gives team statistics as numbers, keeping the text sent', async () => {
    const result = await pack.call('event_stats', { event_id: 1032723 });
    expect(result.structuredContent).toMatchObject({ covered: true, count: 5, complete: false });
    expect(result.structuredContent.items[0]).toEqual({ name: 'Shots on Goal', home: 11, away: 8, home_text: '11', away_text: '8' });
  });

  it('gives lineups with sides, positions and squad numbers', async () => {
    const result = await pack.call('event_lineup', { event_id: 1032723 });
    expect(result.structuredContent.items[2]).toEqual({
      player: 'Mohamed Salah', player_id: 34145506, position: 'Right Wing', squad_number: 11, substitute: false, side: 'away', team: 'Liverpool', team_id: 133602,
    });
  });

  it('tells a real match without coverage apart from an event that does not exist', async () => {
    const uncovered = await pack.call('event_stats', { event_id: 441613 });
    expect(uncovered.isError).toBeUndefined();
    expect(uncovered.structuredContent).toMatchObject({ event_id: 441613, covered: false, count: 0, items: [] });
    expect(uncovered.structuredContent.reason).toBe(
      'TheSportsDB has no statistics for Liverpool vs Swansea (2014-12-29): it details only some matches (mostly featured soccer leagues since 2020)',
    );
    expect(paths()).toEqual(['lookupeventstats.php?id=441613', 'lookupevent.php?id=441613']);
    const missing = await pack.call('event_lineup', { event_id: 77 });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toMatch(/^TheSportsDB has no event with id 77/);
  });

  it('caches: asking twice costs one request', async () => {
    await pack.call('event_timeline', { event_id: 1032718 });
    await pack.call('event_timeline', { event_id: 1032718 });
    await pack.call('event', { event_id: 441613 });
    await pack.call('event', { event_id: 441613 });
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('team_events_next, team_events_last, league_table', () => {
  it("gives a team's next game and says the free key shows home games only", async () => {
    const result = await pack.call('team_events_next', { team_id: 133602 });
    expect(result.structuredContent).toMatchObject({ team_id: 133602, count: 1, complete: false });
    expect(result.structuredContent.reason).toMatch(/free key answers eventsnext\.php with at most 1 game, home games only/);
    expect(result.structuredContent.events[0]).toMatchObject({ id: '2494051', teams: { home: 'Liverpool', away: 'Manchester City' }, scores: { home: null, away: null } });
  });

  it("reads eventslast.php's `results` key, and is incomplete on the free key even when empty", async () => {
    const last = await pack.call('team_events_last', { team_id: 133602 });
    expect(last.structuredContent.events[0]).toMatchObject({ id: '2594454', league: 'EFL Cup', round: 32, scores: { home: 3, away: 1 } });
    const none = await pack.call('team_events_last', { team_id: 5 });
    expect(none.structuredContent).toMatchObject({ count: 0, complete: false });
  });

  it("gives a league's table for the current season, typed, with the update time in UTC", async () => {
    const result = await pack.call('league_table', { league_id: 4328 });
    expect(upstream.requests[0]!.query.has('s')).toBe(false);
    expect(result.structuredContent).toMatchObject({
      league_id: 4328, league: 'English Premier League', season: '2026-2027', updated_at: '2026-09-24T10:00:07.000Z', count: 5, complete: false,
    });
    expect(result.structuredContent.table[1]).toEqual({
      rank: 2, team: 'Arsenal', team_id: 133604, badge_url: 'https://r2.thesportsdb.com/images/media/team/badge/uyhbfe1612467038.png/tiny',
      played: 5, won: 4, drawn: 0, lost: 1, goals_for: 8, goals_against: 4, goal_difference: 4, points: 12, form: 'LWWWW', group: 'Premier League',
      description: 'Promotion - Champions League (League phase)',
    });
  });

  it('passes a season on, and answers a season without a table with an empty, complete table', async () => {
    const old = await pack.call('league_table', { league_id: 4328, season: '2019-2020' });
    expect(upstream.requests[0]!.query.get('s')).toBe('2019-2020');
    expect(old.structuredContent).toMatchObject({ season: '2019-2020', count: 0, complete: true, table: [] });
    const bad = await pack.call('league_table', { league_id: 4328, season: '2019-2021' });
    expect(bad.content[0]!.text).toMatch(/season: a split season spans two consecutive years/);
  });
});
