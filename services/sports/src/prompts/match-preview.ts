import { completeFrom, definePrompt, userText, type Completer } from '@toolgate/core';
import { z } from 'zod';
import type { SportsDbApi } from '../upstream/client.ts';

/**
 * League names as TheSportsDB lists them (its whole list with a premium key, five rows on the
 * free one), for completion: an upstream that cannot answer completes to nothing, never an error.
 */
export function leagueCompleter(api: SportsDbApi): Completer {
  return async (request) => {
    const names = await api.leagues({}).then(
      (listing) => listing.items.map((league) => league.name),
      () => [] as string[],
    );
    return completeFrom(() => names)(request);
  };
}

/** A match preview from one team's side: its next fixture, both sides' form and the table, in that order. */
export function matchPreviewPrompt(api: SportsDbApi) {
  return definePrompt({
    name: 'match_preview',
    title: 'Match preview',
    description: "A preview of a team's next match: the fixture, both teams' recent form, their places in the table and what to watch for.",
    arguments: z.object({
      team: z.string().trim().min(1).max(100).describe('The team, as fans call it: "Arsenal", "Los Angeles Lakers"'),
      league: z.string().trim().max(100).optional().describe('Its league as TheSportsDB spells it (completes from its league list); helps tell teams of the same name apart'),
    }),
    complete: { league: leagueCompleter(api) },
    async handler({ team, league }) {
      const steps = [
        `search_teams with name "${team}"${league ? ` and league "${league}"` : ''}: take the team's id (and its league id) from the best match.`,
        'team_events_next with that team_id: the next fixture (opponent, date and time in UTC, venue, competition). If there is none, say the season is over or not scheduled.',
        "team_events_last for the team and then for the opponent (search_teams finds the opponent's id): each side's last results, as W/D/L with scores.",
        "league_table with the competition's league_id: both teams' positions, points and goal difference, when the competition has a table.",
        'event with the fixture id, when the fixture has details (venue, referee, broadcast).',
      ];
      return {
        description: `Preview of ${team}'s next match`,
        messages: [
          userText(
            `Preview ${team}'s next match. Call, in order:\n${steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}\n\n` +
              'Then write a short preview: when and where (with the time zone), the form of each side, the table, and two or three things to watch. Results with complete: false may be cut by the free key: say when something is missing rather than filling it in.',
          ),
        ],
      };
    },
  });
}
