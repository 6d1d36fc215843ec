import { z } from 'zod';
import { defineTool, ToolError } from '@toolgate/core';
import type { SportsDbApi } from '../upstream/client.ts';
import { listOutput, READ_ONLY, teamSchema } from './tool-schemas.ts';

const words = (what: string) => z.string().trim().min(2, `${what} must have at least 2 characters`).max(100).regex(/^[\p{L}\p{N} .,'’&()-]+$/u, `${what} may hold letters, digits, spaces and . , ' & ( ) - only`);

export function searchTeamsTool(api: SportsDbApi) {
  return defineTool({
    name: 'search_teams',
    title: 'Search teams',
    description:
      'Finds teams by name ("Arsenal"), or lists a league\'s teams by league name ("English Premier League"). Give exactly one of name or league. The free key returns 1 team by name and 10 by league (`complete: false` when cut).',
    inputSchema: z.object({
      name: words('name').optional().describe('Team name or part of it, e.g. "Arsenal"'),
      league: words('league').optional().describe('League name as TheSportsDB spells it, e.g. "English Premier League" (list_leagues finds it)'),
    }),
    outputSchema: listOutput(teamSchema, 'teams'),
    annotations: READ_ONLY,
    async handler({ name, league }) {
      if ((name === undefined) === (league === undefined)) throw new ToolError('give exactly one of name (a team name) or league (a league name)');
      const { items, complete, reason } = name !== undefined ? await api.searchTeams(name) : await api.leagueTeams(league!);
      return { count: items.length, complete, reason, items };
    },
  });
}
