import type { SportsDbLeague } from './schemas.ts';
import { blank, toId, toUrl, toYear } from './values.ts';

export interface League {
  id: number | null;
  name: string;
  sport: string | null;
  alternate_names: string[];
  country: string | null;
  current_season: string | null;
  gender: string | null;
  formed_year: number | null;
  website: string | null;
  badge_url: string | null;
}

/** "Carabao Cup, Football League Cup" → two names. */
export function splitNames(value: string | null | undefined): string[] {
  return (blank(value) ?? '').split(',').map((name) => name.trim()).filter(Boolean);
}

/** `all_leagues.php` gives id, name and sport only: the other fields are then null. */
export function mapLeague(league: SportsDbLeague): League {
  return {
    id: toId(league.idLeague),
    name: blank(league.strLeague) ?? String(league.idLeague),
    sport: blank(league.strSport),
    alternate_names: splitNames(league.strLeagueAlternate),
    country: blank(league.strCountry),
    current_season: blank(league.strCurrentSeason),
    gender: blank(league.strGender),
    formed_year: toYear(league.intFormedYear),
    website: toUrl(league.strWebsite),
    badge_url: blank(league.strBadge),
  };
}
