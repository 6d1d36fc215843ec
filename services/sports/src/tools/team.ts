import { z } from 'zod';
import { defineTool, ToolError } from '@toolgate/core';
import type { SportsDbApi } from '../upstream/client.ts';
import { idSchema, READ_ONLY, teamSchema } from './tool-schemas.ts';

export function teamTool(api: SportsDbApi) {
  return defineTool({
    name: 'team',
    title: 'Team',
    description: "One team by TheSportsDB id (search_teams finds it): names, league, country, stadium, founding year, website, badge, description.",
    inputSchema: z.object({ team_id: idSchema('team_id').describe('TheSportsDB team id, e.g. 133604 (Arsenal)') }),
    outputSchema: teamSchema,
    annotations: READ_ONLY,
    async handler({ team_id }) {
      const team = await api.team(team_id);
      if (!team) throw new ToolError(`TheSportsDB has no team with id ${team_id}; search_teams finds a team's id by name`);
      return team;
    },
  });
}
