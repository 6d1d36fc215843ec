import type { SportsDbEvent } from './schemas.ts';
import { blank, toId, toInteger, toNumber } from './values.ts';

export interface Fixture {
  id: string;
  name: string;
  sport: string | null;
  league: string | null;
  league_id: number | null;
  season: string | null;
  round: number | null;
  teams: { home: string | null; away: string | null };
  team_ids: { home: number | null; away: number | null };
  scores: { home: number | null; away: number | null };
  start_time: string | null;
  venue: string | null;
  country: string | null;
  status: string | null;
}

/** Kept under its old name: the spec tool's scores are plain numbers. */
export const toScore = toNumber;

/**
 * Kick-off in ISO 8601 UTC. `strTimestamp` is UTC (sometimes with `+00:00`); older rows only
 * have `dateEvent` + `strTime` (also UTC). A date with no time stays a date.
 */
export function toStartTime(event: Pick<SportsDbEvent, 'strTimestamp' | 'dateEvent' | 'strTime'>): string | null {
  const stamp = blank(event.strTimestamp);
  const candidates = stamp ? [stamp] : [];
  const date = blank(event.dateEvent);
  const time = blank(event.strTime);
  if (date && time) candidates.push(`${date}T${time}`);
  for (const candidate of candidates) {
    const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(candidate) ? candidate : `${candidate}Z`;
    const parsed = Date.parse(withZone);
    if (!Number.isNaN(parsed)) return new Date(parsed).toISOString();
  }
  return date;
}

export function mapFixture(event: SportsDbEvent): Fixture {
  const home = blank(event.strHomeTeam);
  const away = blank(event.strAwayTeam);
  return {
    id: String(event.idEvent),
    name: blank(event.strEvent) ?? [home, away].filter(Boolean).join(' vs '),
    sport: blank(event.strSport),
    league: blank(event.strLeague),
    league_id: toId(event.idLeague),
    season: blank(event.strSeason),
    // Stage codes (200 = final, 500 = pre-season …) pass through as numbers: they are TheSportsDB's.
    round: toInteger(event.intRound),
    teams: { home, away },
    team_ids: { home: toId(event.idHomeTeam), away: toId(event.idAwayTeam) },
    scores: { home: toScore(event.intHomeScore), away: toScore(event.intAwayScore) },
    start_time: toStartTime(event),
    venue: blank(event.strVenue),
    country: blank(event.strCountry),
    status: blank(event.strStatus),
  };
}
