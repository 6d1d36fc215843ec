import { z } from 'zod';
import { defineTool, ToolError } from '@toolgate/core';
import type { SportsDbApi } from '../upstream/client.ts';
import { idSchema, matchSchema, READ_ONLY } from './tool-schemas.ts';

export const eventIdSchema = idSchema('event_id').describe('TheSportsDB event id, e.g. 441613; events_by_day and team_events_* give them');

export const noSuchEvent = (id: number) => `TheSportsDB has no event with id ${id}; events_by_day, team_events_next and team_events_last give event ids`;

export function eventTool(api: SportsDbApi) {
  return defineTool({
    name: 'event',
    title: 'Match',
    description: 'One game or match by TheSportsDB event id: teams, score, half-time and extra-time score when known, venue, round, status and whether it is finished.',
    inputSchema: z.object({ event_id: eventIdSchema }),
    outputSchema: matchSchema,
    annotations: READ_ONLY,
    async handler({ event_id }) {
      const match = await api.event(event_id);
      if (!match) throw new ToolError(noSuchEvent(event_id));
      return match;
    },
  });
}
