import type { SportsDbEvent } from './schemas.ts';
import { mapFixture, type Fixture } from './map-fixture.ts';
import { blank, toInteger, toNumber } from './values.ts';

export interface Match extends Fixture {
  half_time: { home: number | null; away: number | null };
  extra_time: { home: number | null; away: number | null };
  city: string | null;
  spectators: number | null;
  postponed: boolean;
  finished: boolean;
}

// TheSportsDB's finished and awarded codes (docs_api_data), across sports.
const FINISHED = new Set(['FT', 'AET', 'PEN', 'AOT', 'AP', 'AWD', 'AW', 'WO', 'MATCH FINISHED', 'FINISHED', 'FINAL']);

/** Finished: a finished status code, or (older rows have no status) a score and a start over a day ago. */
export function isFinished(event: Pick<Fixture, 'status' | 'scores' | 'start_time'>, now: Date): boolean {
  if (event.status) return FINISHED.has(event.status.toUpperCase());
  const started = event.start_time ? Date.parse(event.start_time) : Number.NaN;
  return event.scores.home !== null && !Number.isNaN(started) && now.getTime() - started > 24 * 60 * 60_000;
}

/** One match in full: the fixture plus half-time and extra-time scores, crowd and postponement. */
export function mapMatch(event: SportsDbEvent, now: Date): Match {
  const fixture = mapFixture(event);
  return {
    ...fixture,
    // v1 lookups seldom carry a half-time score; some feeds send intHomeScoreHT/intAwayScoreHT.
    half_time: { home: toNumber(event.intHomeScoreHT), away: toNumber(event.intAwayScoreHT) },
    extra_time: { home: toNumber(event.intHomeScoreExtra), away: toNumber(event.intAwayScoreExtra) },
    city: blank(event.strCity),
    spectators: toInteger(event.intSpectators),
    postponed: blank(event.strPostponed)?.toLowerCase() === 'yes',
    finished: isFinished(fixture, now),
  };
}
