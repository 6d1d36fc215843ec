import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { SportsDbApi } from '../upstream/client.ts';
import { listOutput, READ_ONLY } from './tool-schemas.ts';

const sportSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string().describe('Sport name as TheSportsDB spells it (the `sport` filter of the other tools)'),
  format: z.string().nullable().describe('"TeamvsTeam" (home and away sides) or "EventSport" (races, tournaments)'),
  thumb_url: z.string().nullable(),
});

export function listSportsTool(api: SportsDbApi) {
  return defineTool({
    name: 'list_sports',
    title: 'Sports',
    description: "The sports TheSportsDB covers, with their format. The free key lists only 2 of them (`complete: false`); events_by_day's `sport` accepts every TheSportsDB sport name.",
    inputSchema: z.object({}),
    outputSchema: listOutput(sportSchema, 'sports'),
    annotations: READ_ONLY,
    async handler() {
      const { items, complete, reason } = await api.sports();
      return { count: items.length, complete, reason, items };
    },
  });
}
