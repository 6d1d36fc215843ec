import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { SportsDbApi } from '../upstream/client.ts';
import { completenessShape, idSchema, READ_ONLY } from './tool-schemas.ts';

const count = z.number().int().nullable();
const standingSchema = z.object({
  rank: count,
  team: z.string().nullable(),
  team_id: count,
  badge_url: z.string().nullable(),
  played: count,
  won: count,
  drawn: count,
  lost: count,
  goals_for: count,
  goals_against: count,
  goal_difference: count,
  points: count,
  form: z.string().nullable().describe('Recent results, latest last, e.g. "LWWWW"'),
  group: z.string().nullable(),
  description: z.string().nullable().describe('What the place leads to, e.g. "Promotion - Champions League (League phase)"'),
});

/** "2025-2026" (split seasons) or "2026" (calendar-year leagues), as TheSportsDB names seasons. */
export const seasonSchema = z
  .string()
  .trim()
  .regex(/^(\d{4})(-\d{4})?$/, 'season must look like 2025-2026 or 2026')
  .refine((season) => !season.includes('-') || Number(season.slice(5)) === Number(season.slice(0, 4)) + 1, 'a split season spans two consecutive years, e.g. 2025-2026');

export function leagueTableTool(api: SportsDbApi) {
  return defineTool({
    name: 'league_table',
    title: 'League table',
    description:
      "A league's standings (TheSportsDB covers mostly featured soccer leagues), for the current season unless one is given. The free key returns the top 5 rows only (`complete: false`).",
    inputSchema: z.object({
      league_id: idSchema('league_id').describe('TheSportsDB league id, e.g. 4328 (English Premier League); list_leagues finds it'),
      season: seasonSchema.optional().describe('Season, e.g. "2025-2026" or "2026"; default: the current one'),
    }),
    outputSchema: z.object({
      league_id: z.number().int(),
      league: z.string().nullable(),
      season: z.string().nullable().describe('The season of the table (as TheSportsDB names it)'),
      updated_at: z.string().nullable().describe('When TheSportsDB last updated the table, ISO 8601 (read as UTC)'),
      count: z.number().int(),
      ...completenessShape,
      table: z.array(standingSchema).describe('Rows by rank; empty when TheSportsDB has no table for this league or season'),
    }),
    annotations: READ_ONLY,
    async handler({ league_id, season }) {
      const table = await api.leagueTable(league_id, season);
      return {
        league_id, league: table.league, season: table.season, updated_at: table.updated_at,
        count: table.items.length, complete: table.complete, reason: table.reason, table: table.items,
      };
    },
  });
}
