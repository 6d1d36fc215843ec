import { z } from 'zod';
import { defineTool, isCalendarDate } from '@toolgate/core';
import type { SportsDbApi } from '../upstream/client.ts';
import { completenessShape, fixtureSchema, READ_ONLY, sportInputSchema } from './tool-schemas.ts';

export const eventsByDayInputSchema = z.object({
  date: z.string().trim().refine(isCalendarDate, 'must be a real calendar date in the form YYYY-MM-DD (e.g. 2026-03-14)').describe('Day, YYYY-MM-DD (UTC)'),
  sport: sportInputSchema
    .optional()
    .describe('Sport, any letter case: soccer, basketball, ice hockey, american football, baseball, …'),
  league: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\p{L}\p{N} .,'’&()/-]+$/u, 'league must be a league name or a TheSportsDB league id')
    .optional()
    .describe('League name as TheSportsDB spells it (e.g. "English Premier League", "NBA") or its id (e.g. 4328); list_leagues finds both'),
});

export const eventsByDayOutputSchema = z.object({
  date: z.string().describe('The day asked for'),
  count: z.number().int().describe('Number of events returned'),
  ...completenessShape,
  events: z.array(fixtureSchema),
});

export function eventsByDayTool(api: SportsDbApi) {
  return defineTool({
    name: 'events_by_day',
    title: 'Sports fixtures by day',
    description:
      "Returns every game or match on a day (TheSportsDB), optionally filtered by sport or league. For the next 24 hours, call with today's and tomorrow's dates. TheSportsDB's free key returns at most 3 events per call: filter by league to get that league's games; `complete: false` says when the list may be cut.",
    inputSchema: eventsByDayInputSchema,
    outputSchema: eventsByDayOutputSchema,
    annotations: READ_ONLY,
    async handler({ date, sport, league }) {
      const listing = await api.eventsOnDay(date, { sport, league });
      // The upstream filters by sport; rows it sends without a sport are kept.
      const events = sport ? listing.items.filter((event) => event.sport === null || event.sport.toLowerCase() === sport.toLowerCase()) : listing.items;
      return { date, count: events.length, complete: listing.complete, reason: listing.reason, events };
    },
  });
}
