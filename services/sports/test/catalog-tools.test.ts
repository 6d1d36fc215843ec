import { startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { sportsModule } from '../src/index.ts';
import { packEnv, startSportsDb } from './sportsdb-stand-in.ts';

const PREMIUM = 'paid-key-8842';
let upstream: FakeUpstream;
let pack: PackHarness;
const start = async (key = '123') => {
  pack = await startPack(sportsModule, packEnv(upstream, key));
};
beforeEach(async () => {
  upstream = await startSportsDb(['123', PREMIUM]);
});
afterEach(async () => {
  await pack?.close();
  await upstream.close();
});

describe('list_sports and list_leagues', () => {
  it("lists sports, saying the free key's two-row answer is cut", async () => {
    await start();
    const result = await pack.call('list_sports');
    expect(result.structuredContent).toMatchObject({ count: 2, complete: false });
    expect(result.structuredContent.reason).toMatch(/at most 2 rows from all_sports\.php/);
    expect(result.structuredContent.items[0]).toEqual({ id: 102, name: 'Soccer', format: 'TeamvsTeam', thumb_url: 'https://www.thesportsdb.com/images/sports/soccer.jpg' });
  });

  it('lists a country\'s leagues of a sport through search_all_leagues.php?c&s, with full records', async () => {
    await start();
    const result = await pack.call('list_leagues', { country: 'England', sport: 'soccer' });
    expect(upstream.requests[0]!.path).toMatch(/\/search_all_leagues\.php$/);
    expect(Object.fromEntries(upstream.requests[0]!.query)).toEqual({ c: 'England', s: 'Soccer' });
    expect(result.structuredContent).toMatchObject({ count: 5, complete: false });
    expect(result.structuredContent.items[0]).toEqual({
      id: 4570, name: 'EFL Cup', sport: 'Soccer', alternate_names: ['Carabao Cup', 'Football League Cup'], country: 'England',
      current_season: '2026-2027', gender: 'Male', formed_year: 1960, website: 'https://www.efl.com/carabao-cup',
      badge_url: 'https://r2.thesportsdb.com/images/media/league/badge/x1va771565372556.png',
    });
    expect(result.structuredContent.items[2]).toMatchObject({ formed_year: null, website: null, alternate_names: ['Non League Div One - Isthmian North'] });
  });

  it('without a country lists all_leagues.php, filtered by sport here; an unknown country is an empty, complete list', async () => {
    await start();
    const all = await pack.call('list_leagues', { sport: 'Soccer' });
    expect(upstream.requests[0]!.path).toMatch(/\/all_leagues\.php$/);
    expect(all.structuredContent).toMatchObject({ count: 5, complete: false });
    expect(all.structuredContent.items[0]).toMatchObject({ id: 4328, name: 'English Premier League', country: null });
    const basketball = await pack.call('list_leagues', { sport: 'basketball' });
    expect(basketball.structuredContent.count).toBe(0);
    const nowhere = await pack.call('list_leagues', { country: 'Atlantis' });
    expect(nowhere.structuredContent).toEqual({ count: 0, complete: true, reason: null, items: [] });
  });
});

describe('search_teams and team', () => {
  it('finds a team by name, typed; the free key\'s one-team answer says it may be cut', async () => {
    await start();
    const result = await pack.call('search_teams', { name: 'arsenal' });
    expect(upstream.requests[0]!.query.get('t')).toBe('arsenal');
    expect(result.structuredContent).toMatchObject({ count: 1, complete: false });
    expect(result.structuredContent.items[0]).toMatchObject({
      id: 133604, name: 'Arsenal', short_name: 'ARS', alternate_names: ['Arsenal Football Club', 'AFC', 'Arsenal FC'], league_id: 4328,
      formed_year: 1892, stadium: 'Emirates Stadium', venue_id: 15528, website: 'https://www.arsenal.com', country: 'England',
    });
  });

  it("lists a league's teams through search_all_teams.php?l= (lookup_all_teams.php answers another league on the free key)", async () => {
    await start(PREMIUM);
    const result = await pack.call('search_teams', { league: 'English Premier League' });
    expect(upstream.requests[0]!.path).toMatch(/\/search_all_teams\.php$/);
    expect(upstream.requests[0]!.query.get('l')).toBe('English Premier League');
    expect(result.structuredContent).toMatchObject({ count: 1, complete: true, reason: null });
  });

  it('wants exactly one of name or league', async () => {
    await start();
    for (const args of [{}, { name: 'Arsenal', league: 'English Premier League' }]) {
      const result = await pack.call('search_teams', args);
      expect(result.content[0]!.text).toBe('give exactly one of name (a team name) or league (a league name)');
    }
    expect((await pack.call('search_teams', { name: 'x' })).content[0]!.text).toMatch(/name must have at least 2 characters/);
    expect(upstream.requests).toHaveLength(0);
  });

  it('looks a team up by id; an unknown id is "no such team", not an upstream error', async () => {
    await start();
    const team = await pack.call('team', { team_id: 133604 });
    expect(upstream.requests[0]!.query.get('id')).toBe('133604');
    expect(team.structuredContent).toMatchObject({ id: 133604, name: 'Arsenal', description: expect.stringMatching(/^Arsenal Football Club is a professional/) });
    const missing = await pack.call('team', { team_id: 999_999 });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toMatch(/^TheSportsDB has no team with id 999999; search_teams finds/);
  });

  it('takes ids as integers only', async () => {
    await start();
    for (const team_id of ['133604', 1.5, 0, -3]) expect((await pack.call('team', { team_id })).isError).toBe(true);
    expect((await pack.call('team', { team_id: '133604' })).content[0]!.text).toMatch(/team_id: team_id must be a number/);
    expect(upstream.requests).toHaveLength(0);
  });
});
