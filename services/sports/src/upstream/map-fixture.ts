import type { SportsDbEvent } from './schemas.ts';

export interface Fixture {
  id: string;
  name: string;
  sport: string | null;
  league: string | null;
  season: string | null;
  teams: { home: string | null; away: string | null };
  scores: { home: number | null; away: number | null };
  start_time: string | null;
  venue: string | null;
  country: string | null;
  status: string | null;
}

const blank = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

export function toScore(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

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
    season: blank(event.strSeason),
    teams: { home, away },
    scores: { home: toScore(event.intHomeScore), away: toScore(event.intAwayScore) },
    start_time: toStartTime(event),
    venue: blank(event.strVenue),
    country: blank(event.strCountry),
    status: blank(event.strStatus),
  };
}
