import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { SportsDbApi } from '../upstream/client.ts';
import { listOutput, READ_ONLY, sportInputSchema } from './tool-schemas.ts';

const leagueSchema = z.object({
  id: z.number().int().nullable().describe('TheSportsDB league id (league_table, events_by_day)'),
  name: z.string(),
  sport: z.string().nullable(),
  alternate_names: z.array(z.string()),
  country: z.string().nullable().describe('Null in the unfiltered list, which carries id, name and sport only'),
  current_season: z.string().nullable(),
  gender: z.string().nullable(),
  formed_year: z.number().int().nullable(),
  website: z.string().nullable(),
  badge_url: z.string().nullable(),
});

export function listLeaguesTool(api: SportsDbApi) {
  return defineTool({
    name: 'list_leagues',
    title: 'Leagues',
    description:
      'Leagues on TheSportsDB, filtered by country (e.g. "England") and sport, with ids for league_table and events_by_day. With a country: full league records. The free key returns at most 5 leagues (`complete: false`).',
    inputSchema: z.object({
      country: z.string().trim().min(1).max(60).regex(/^[\p{L} .'-]+$/u, 'country must be a country name, e.g. England').optional().describe('Country name in English, e.g. "England", "Spain", "United States"'),
      sport: sportInputSchema.optional().describe('Sport, any letter case: soccer, basketball, ice hockey, …'),
    }),
    outputSchema: listOutput(leagueSchema, 'leagues'),
    annotations: READ_ONLY,
    async handler({ country, sport }) {
      const { items, complete, reason } = await api.leagues({ country, sport });
      return { count: items.length, complete, reason, items };
    },
  });
}
