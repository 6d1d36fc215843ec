import { definePack, type Pack } from '@toolgate/core';
import type { SportsDbApi } from './upstream/client.ts';
import { eventLineupTool } from './tools/event-lineup.ts';
import { eventStatsTool } from './tools/event-stats.ts';
import { eventTimelineTool } from './tools/event-timeline.ts';
import { eventTool } from './tools/event.ts';
import { eventsByDayTool } from './tools/events-by-day.ts';
import { leagueTableTool } from './tools/league-table.ts';
import { listLeaguesTool } from './tools/list-leagues.ts';
import { listSportsTool } from './tools/list-sports.ts';
import { playerTool } from './tools/player.ts';
import { searchPlayersTool } from './tools/search-players.ts';
import { searchTeamsTool } from './tools/search-teams.ts';
import { teamEventsLastTool } from './tools/team-events-last.ts';
import { teamEventsNextTool } from './tools/team-events-next.ts';
import { teamTool } from './tools/team.ts';
import { sportsSynonyms } from './synonyms.ts';
import { matchPreviewPrompt } from './prompts/match-preview.ts';

export function createSportsPack(api: SportsDbApi): Pack {
  return definePack({
    name: 'sports',
    synonyms: sportsSynonyms,
    version: '0.3.0',
    instructions:
      'Sports fixtures, results, tables, teams and match details from TheSportsDB. Ids chain: list_leagues → league_table / events_by_day; search_teams → team / team_events_next / team_events_last; search_players → player; events → event / event_timeline / event_stats / event_lineup. A result with complete: false may be cut by the free key.',
    tools: [
      eventsByDayTool(api), listSportsTool(api), listLeaguesTool(api), searchTeamsTool(api), teamTool(api), searchPlayersTool(api), playerTool(api), teamEventsNextTool(api),
      teamEventsLastTool(api), leagueTableTool(api), eventTool(api), eventTimelineTool(api), eventStatsTool(api), eventLineupTool(api),
    ],
    prompts: [matchPreviewPrompt(api)],
  });
}
