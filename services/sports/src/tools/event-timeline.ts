import { z } from 'zod';
import type { SportsDbApi } from '../upstream/client.ts';
import { matchDetailTool } from './match-detail-shared.ts';

const ref = z.number().int().nullable();
const timelineEntrySchema = z.object({
  minute: ref,
  type: z.string().nullable().describe('"Goal", "Card" or "subst" (substitution), as TheSportsDB names them'),
  detail: z.string().nullable().describe('e.g. "Normal Goal", "Penalty", "Own Goal", "Yellow Card", "Red Card"; for a substitution, the player coming on'),
  side: z.enum(['home', 'away']).nullable(),
  team: z.string().nullable(),
  team_id: ref,
  player: z.string().nullable().describe('The scorer, the booked player, or the player going off'),
  player_id: ref,
  second_player: z.string().nullable().describe('The assist, or for a substitution the player coming on'),
  second_player_id: ref,
  comment: z.string().nullable(),
});

export function eventTimelineTool(api: SportsDbApi) {
  return matchDetailTool(api, {
    name: 'event_timeline',
    title: 'Match timeline',
    description: "A match's goals, cards and substitutions by minute. The free key returns the first 5 (`complete: false`). A real match TheSportsDB has no timeline for answers `covered: false` with the reason; an unknown id is an error.",
    what: 'timeline',
    item: timelineEntrySchema,
    fetch: (sportsDb, eventId) => sportsDb.timeline(eventId),
  });
}
