import type { SportsDbTeam } from './schemas.ts';
import { splitNames } from './map-league.ts';
import { blank, toId, toUrl, toYear } from './values.ts';

export interface Team {
  id: number | null;
  name: string;
  short_name: string | null;
  alternate_names: string[];
  sport: string | null;
  league: string | null;
  league_id: number | null;
  country: string | null;
  gender: string | null;
  formed_year: number | null;
  stadium: string | null;
  venue_id: number | null;
  location: string | null;
  website: string | null;
  badge_url: string | null;
  description: string | null;
}

export function mapTeam(team: SportsDbTeam): Team {
  return {
    id: toId(team.idTeam),
    name: blank(team.strTeam) ?? String(team.idTeam),
    short_name: blank(team.strTeamShort),
    alternate_names: splitNames(team.strTeamAlternate),
    sport: blank(team.strSport),
    league: blank(team.strLeague),
    league_id: toId(team.idLeague),
    country: blank(team.strCountry),
    gender: blank(team.strGender),
    formed_year: toYear(team.intFormedYear),
    stadium: blank(team.strStadium),
    venue_id: toId(team.idVenue),
    location: blank(team.strLocation),
    website: toUrl(team.strWebsite),
    badge_url: blank(team.strBadge),
    description: blank(team.strDescriptionEN),
  };
}
