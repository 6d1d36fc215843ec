import { z } from 'zod';
import type { SportsDbApi } from '../upstream/client.ts';
import { matchDetailTool } from './match-detail-shared.ts';

const statSchema = z.object({
  name: z.string().describe('e.g. "Shots on Goal", "Ball Possession", "Corner Kicks"'),
  home: z.number().nullable().describe('Home value as a number ("65%" → 65); null when not numeric'),
  away: z.number().nullable(),
  home_text: z.string().nullable().describe('Home value as TheSportsDB sent it'),
  away_text: z.string().nullable(),
});

export function eventStatsTool(api: SportsDbApi) {
  return matchDetailTool(api, {
    name: 'event_stats',
    title: 'Match statistics',
    description: "A match's team statistics, home against away (shots, possession, corners …). The free key returns the first 5 (`complete: false`). A real match TheSportsDB has no statistics for answers `covered: false` with the reason; an unknown id is an error.",
    what: 'statistics',
    item: statSchema,
    fetch: (sportsDb, eventId) => sportsDb.eventStats(eventId),
  });
}
