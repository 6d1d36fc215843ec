import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { Listing, SportsDbApi } from '../upstream/client.ts';
import type { Fixture } from '../upstream/map-fixture.ts';
import { completenessShape, fixtureSchema, idSchema, READ_ONLY } from './tool-schemas.ts';

export const teamEventsOutputSchema = z.object({
  team_id: z.number().int(),
  count: z.number().int().describe('Number of events returned'),
  ...completenessShape,
  events: z.array(fixtureSchema),
});

/** team_events_next and team_events_last differ only in direction: one definition, two tools. */
export function teamEventsTool(
  api: SportsDbApi,
  tool: { name: string; title: string; description: string; fetch: (api: SportsDbApi, teamId: number) => Promise<Listing<Fixture>> },
) {
  return defineTool({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: z.object({ team_id: idSchema('team_id').describe('TheSportsDB team id, e.g. 133602 (Liverpool); search_teams finds it') }),
    outputSchema: teamEventsOutputSchema,
    annotations: READ_ONLY,
    async handler({ team_id }) {
      const { items, complete, reason } = await tool.fetch(api, team_id);
      return { team_id, count: items.length, complete, reason, events: items };
    },
  });
}
