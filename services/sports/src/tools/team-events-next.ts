import type { SportsDbApi } from '../upstream/client.ts';
import { teamEventsTool } from './team-events-shared.ts';

export function teamEventsNextTool(api: SportsDbApi) {
  return teamEventsTool(api, {
    name: 'team_events_next',
    title: "A team's next games",
    description:
      "A team's upcoming games, soonest first (up to 10 with a premium key). The free key returns only the next home game, so its answers say `complete: false`.",
    fetch: (sportsDb, teamId) => sportsDb.teamEventsNext(teamId),
  });
}
