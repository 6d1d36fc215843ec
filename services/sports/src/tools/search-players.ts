import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { SportsDbApi } from '../upstream/client.ts';
import { listOutput, playerSummarySchema, READ_ONLY } from './tool-schemas.ts';

export function searchPlayersTool(api: SportsDbApi) {
  return defineTool({
    name: 'search_players',
    title: 'Search players',
    description:
      'Finds players (and coaches) by name, e.g. "Danny Welbeck": id, team, nationality, birth date, position. The free key returns 1 player per search (`complete: false` when cut); player gives the full record.',
    inputSchema: z.object({
      name: z
        .string()
        .trim()
        .min(2, 'name must have at least 2 characters')
        .max(100)
        .regex(/^[\p{L}\p{M}\p{N} .,'’-]+$/u, "name may hold letters, digits, spaces and . , ' - only")
        .describe('Player name or part of it, e.g. "Danny Welbeck"'),
    }),
    outputSchema: listOutput(playerSummarySchema, 'players'),
    annotations: READ_ONLY,
    async handler({ name }) {
      const { items, complete, reason } = await api.searchPlayers(name);
      return { count: items.length, complete, reason, items };
    },
  });
}
