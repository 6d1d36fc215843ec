import type { Match } from './map-match.ts';

const MINUTE = 60_000;
export const DAY_MS = 24 * 60 * MINUTE;

/** Sports, leagues, teams and players change a few times a season. */
export const CATALOG_TTL_MS = DAY_MS;
/** Tables move after each match: half an hour keeps them fresh enough. */
export const TABLE_TTL_MS = 30 * MINUTE;
/** A team's next games change when fixtures are rescheduled. */
export const NEXT_EVENTS_TTL_MS = 60 * MINUTE;
/** A team's last games gain a row when a match ends. */
export const LAST_EVENTS_TTL_MS = 15 * MINUTE;
/** Timeline, stats and lineups carry no date: short enough for a live match, cheap for a finished one. */
export const MATCH_DETAIL_TTL_MS = 10 * MINUTE;

/** A finished day's fixtures barely change; today's scores do; future days change now and then. */
export function fixturesTtlMs(date: string, now: Date): number {
  const today = now.toISOString().slice(0, 10);
  if (date < today) return DAY_MS;
  if (date === today) return 90_000;
  return 10 * MINUTE;
}

/** A finished match is settled for a day; one under way or within a day of kick-off, two minutes. */
export function matchTtlMs(match: Pick<Match, 'finished' | 'start_time'>, now: Date): number {
  if (match.finished) return DAY_MS;
  const start = match.start_time ? Date.parse(match.start_time) : Number.NaN;
  if (!Number.isNaN(start) && start - now.getTime() > DAY_MS) return 30 * MINUTE;
  return 2 * MINUTE;
}
