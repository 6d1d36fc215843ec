import { z } from 'zod';
import { canonicalSport, SPORTS } from './sport-names.ts';

/** Every tool reads TheSportsDB and changes nothing. */
export const READ_ONLY = { readOnlyHint: true, openWorldHint: true } as const;

/** TheSportsDB ids are positive integers (event 441613, team 133604, league 4328). */
export const idSchema = (what: string) =>
  z.number({ error: `${what} must be a number (TheSportsDB's numeric id)` }).int(`${what} must be a whole number`).min(1, `${what} must be at least 1`).max(2_147_483_647, `${what} is too large`);

export const completenessShape = {
  complete: z.boolean().describe("False when TheSportsDB may have cut the list (the free key's row caps): there may be more rows than returned"),
  reason: z.string().nullable().describe('Why the list may be cut and what lifts the cap (a premium THESPORTSDB_API_KEY); null when complete'),
};

const side = z.object({ home: z.number().nullable(), away: z.number().nullable() });

export const fixtureSchema = z.object({
  id: z.string().describe('TheSportsDB event id (use with event, event_timeline, event_stats, event_lineup)'),
  name: z.string().describe('Event name, e.g. "Arsenal vs Chelsea"'),
  sport: z.string().nullable(),
  league: z.string().nullable(),
  league_id: z.number().int().nullable().describe('TheSportsDB league id (use with league_table, events_by_day)'),
  season: z.string().nullable().describe('Season, e.g. "2026-2027" or "2026"'),
  round: z.number().int().nullable().describe('Round or matchday; TheSportsDB stage codes: 125 quarter-final, 150 semi-final, 200 final, 500 pre-season'),
  teams: z.object({ home: z.string().nullable(), away: z.string().nullable() }).describe('Home and away team; null for events without teams'),
  team_ids: z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() }).describe('TheSportsDB team ids (use with team, team_events_next)'),
  scores: side.describe('Scores; null before the start or when unknown'),
  start_time: z.string().nullable().describe('Start in ISO 8601 UTC (a bare date when the time is unknown)'),
  venue: z.string().nullable(),
  country: z.string().nullable(),
  status: z.string().nullable().describe('Upstream status code, e.g. "NS" (not started), "1H", "HT", "FT", "AET", "PST" (postponed); null when unknown (older events)'),
});

export const matchSchema = fixtureSchema.extend({
  half_time: side.describe('Half-time score; null when TheSportsDB has none (v1 seldom sends one)'),
  extra_time: side.describe('Extra-time / shoot-out score TheSportsDB sends as intHomeScoreExtra/intAwayScoreExtra; null when none'),
  city: z.string().nullable(),
  spectators: z.number().int().nullable(),
  postponed: z.boolean(),
  finished: z.boolean().describe('A finished status (FT, AET, PEN, AWD …), or for old events without a status a score and a start over a day ago'),
});

export const teamSchema = z.object({
  id: z.number().int().nullable().describe('TheSportsDB team id'),
  name: z.string(),
  short_name: z.string().nullable().describe('Three-letter code, e.g. "ARS"'),
  alternate_names: z.array(z.string()),
  sport: z.string().nullable(),
  league: z.string().nullable().describe('Main league'),
  league_id: z.number().int().nullable(),
  country: z.string().nullable(),
  gender: z.string().nullable(),
  formed_year: z.number().int().nullable(),
  stadium: z.string().nullable(),
  venue_id: z.number().int().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  badge_url: z.string().nullable(),
  description: z.string().nullable().describe('English description'),
});

export const playerSummarySchema = z.object({
  id: z.number().int().nullable().describe('TheSportsDB player id (use with player)'),
  name: z.string(),
  team: z.string().nullable().describe('Current team, e.g. "Chelsea"'),
  team_id: z.number().int().nullable().describe('TheSportsDB team id (use with team, team_events_next)'),
  sport: z.string().nullable(),
  nationality: z.string().nullable(),
  born: z.string().nullable().describe('Birth date, YYYY-MM-DD'),
  status: z.string().nullable().describe('e.g. "Active", "Retired"'),
  gender: z.string().nullable(),
  position: z.string().nullable().describe('e.g. "Centre-Forward", "Manager" (coaches are players here)'),
  thumb_url: z.string().nullable(),
  cutout_url: z.string().nullable(),
});

export const playerSchema = playerSummarySchema.extend({
  squad_number: z.number().int().nullable(),
  height: z.string().nullable().describe('As TheSportsDB writes it, units included, e.g. "1.80 m (5 ft 11 in)"'),
  weight: z.string().nullable().describe('As TheSportsDB writes it, units included'),
  birth_location: z.string().nullable(),
  side: z.string().nullable().describe('Preferred foot or hand, when known'),
  signing: z.string().nullable().describe('Transfer fee text, e.g. "€185M"'),
  wage: z.string().nullable().describe('Wage text, e.g. "£525,000 per week"'),
  website: z.string().nullable(),
  description: z.string().nullable().describe('English description'),
});

/** A list result: the rows, how many, and whether the free tier may have cut them. */
export const listOutput = <Item extends z.ZodType>(items: Item, what: string) =>
  z.object({ count: z.number().int().describe(`Number of ${what} returned`), ...completenessShape, items: z.array(items) });

/** A sport name in any letter case, turned into TheSportsDB's spelling (`ice hockey` → `Ice Hockey`). */
export const sportInputSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .transform((value, context) => {
    const sport = canonicalSport(value);
    if (!sport) {
      context.addIssue({ code: 'custom', message: `unknown sport "${value}"; use one of: ${SPORTS.join(', ')}` });
      return z.NEVER;
    }
    return sport;
  });
