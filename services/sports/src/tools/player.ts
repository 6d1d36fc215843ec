import { z } from 'zod';
import { defineTool, ToolError } from '@toolgate/core';
import type { SportsDbApi } from '../upstream/client.ts';
import { idSchema, playerSchema, READ_ONLY } from './tool-schemas.ts';

export function playerTool(api: SportsDbApi) {
  return defineTool({
    name: 'player',
    title: 'Player',
    description: 'One player (or coach) by TheSportsDB id (search_players finds it): team, nationality, birth date and place, position, squad number, height, weight, description.',
    inputSchema: z.object({ player_id: idSchema('player_id').describe('TheSportsDB player id, e.g. 34145395 (Danny Welbeck)') }),
    outputSchema: playerSchema,
    annotations: READ_ONLY,
    async handler({ player_id }) {
      const player = await api.player(player_id);
      if (!player) throw new ToolError(`TheSportsDB has no player with id ${player_id}; search_players finds a player's id by name`);
      return player;
    },
  });
}
