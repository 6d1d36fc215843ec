import { countriesEnvelope, leaguesEnvelope, sportsEnvelope, tableEnvelope, teamsEnvelope } from '../src/upstream/schemas.ts';
import { mapLeague, splitNames } from '../src/upstream/map-league.ts';
import { mapSport } from '../src/upstream/map-sport.ts';
import { mapStanding, toUpdatedAt } from '../src/upstream/map-standing.ts';
import { mapTeam } from '../src/upstream/map-team.ts';
import { fixture } from './sportsdb-stand-in.ts';

const rows = <T>(value: T[] | string | null | undefined): T[] => (Array.isArray(value) ? value : []);

describe('mapping sports, leagues, teams and tables (recorded answers)', () => {
  it('maps a sport', () => {
    expect(rows(sportsEnvelope.parse(fixture('all-sports')).sports).map(mapSport)[1]).toEqual({
      id: 103, name: 'Motorsport', format: 'EventSport', thumb_url: 'https://www.thesportsdb.com/images/sports/motorsport.jpg',
    });
  });

  it('maps a short league row (all_leagues.php) with nulls for what it lacks, and a full one', () => {
    expect(rows(leaguesEnvelope.parse(fixture('all-leagues')).leagues).map(mapLeague)[3]).toEqual({
      id: 4331, name: 'German Bundesliga', sport: 'Soccer', alternate_names: [], country: null, current_season: null, gender: null,
      formed_year: null, website: null, badge_url: null,
    });
    expect(rows(countriesEnvelope.parse(fixture('search-all-leagues')).countries).map(mapLeague)[3]).toMatchObject({
      id: 4647, formed_year: 1905, website: 'https://www.betvictoristhmian.co.uk', alternate_names: ['BetVictor Isthmian League'],
    });
    expect(splitNames(' a, ,b ')).toEqual(['a', 'b']);
  });

  it('maps a team', () => {
    expect(rows(teamsEnvelope.parse(fixture('lookupteam')).teams).map(mapTeam)[0]).toMatchObject({
      id: 133604, name: 'Arsenal', short_name: 'ARS', sport: 'Soccer', league: 'English Premier League', gender: 'Male', location: 'Holloway, London, England',
      badge_url: 'https://r2.thesportsdb.com/images/media/team/badge/uyhbfe1612467038.png',
    });
  });

  it('maps a table row, strings to numbers, and reads its zone-less update time as UTC', () => {
    expect(rows(tableEnvelope.parse(fixture('lookuptable')).table).map(mapStanding)[0]).toMatchObject({
      rank: 1, team: 'Manchester City', team_id: 133613, played: 5, won: 5, drawn: 0, lost: 0, goals_for: 13, goals_against: 5, goal_difference: 8, points: 15, form: 'WWWWW',
    });
    expect(toUpdatedAt('2026-09-24 10:00:07')).toBe('2026-09-24T10:00:07.000Z');
    expect(toUpdatedAt('soon')).toBeNull();
  });
});
