import { z } from 'zod';
import type { SportsDbApi } from '../upstream/client.ts';
import { matchDetailTool } from './match-detail-shared.ts';

const ref = z.number().int().nullable();
const lineupEntrySchema = z.object({
  player: z.string().nullable(),
  player_id: ref,
  position: z.string().nullable().describe('Free text, e.g. "Goalkeeper", "Right Wing", "Attacking Midfielder"'),
  squad_number: ref,
  substitute: z.boolean().nullable().describe('True for the bench'),
  side: z.enum(['home', 'away']).nullable(),
  team: z.string().nullable(),
  team_id: ref,
});

export function eventLineupTool(api: SportsDbApi) {
  return matchDetailTool(api, {
    name: 'event_lineup',
    title: 'Match lineups',
    description: "Both teams' players in a match: position, squad number, starter or substitute. The free key returns the first 5 players (`complete: false`). A real match TheSportsDB has no lineup for answers `covered: false` with the reason; an unknown id is an error.",
    what: 'lineup',
    item: lineupEntrySchema,
    fetch: (sportsDb, eventId) => sportsDb.lineup(eventId),
  });
}
