import type { SportsDbApi } from '../upstream/client.ts';
import { teamEventsTool } from './team-events-shared.ts';

export function teamEventsLastTool(api: SportsDbApi) {
  return teamEventsTool(api, {
    name: 'team_events_last',
    title: "A team's last games",
    description:
      "A team's most recent games with their scores (up to 10 with a premium key). The free key returns only one recent home game, so its answers say `complete: false`.",
    fetch: (sportsDb, teamId) => sportsDb.teamEventsLast(teamId),
  });
}
