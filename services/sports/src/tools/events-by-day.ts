import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { SportsDbApi } from '../upstream/client.ts';
import { canonicalSport, filterByLeague, SPORTS } from './sport-names.ts';

/** True for a real calendar date in `YYYY-MM-DD` (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const eventsByDayInputSchema = z.object({
  date: z.string().trim().refine(isCalendarDate, 'must be a real calendar date in the form YYYY-MM-DD (e.g. 2026-03-14)').describe('Day, YYYY-MM-DD (UTC)'),
  sport: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .transform((value, context) => {
      const sport = canonicalSport(value);
      if (!sport) {
        context.addIssue({ code: 'custom', message: `unknown sport "${value}"; use one of: ${SPORTS.join(', ')}` });
        return z.NEVER;
      }
      return sport;
    })
    .optional()
    .describe('Sport, any letter case: soccer, basketball, ice hockey, american football, baseball, …'),
  league: z.string().trim().min(1).max(100).optional().describe('League name, any letter case (e.g. NBA, English Premier League); part of a name also matches'),
});

const fixtureSchema = z.object({
  id: z.string().describe('TheSportsDB event id'),
  name: z.string().describe('Event name, e.g. "Arsenal vs Chelsea"'),
  sport: z.string().nullable(),
  league: z.string().nullable(),
  season: z.string().nullable(),
  teams: z.object({ home: z.string().nullable(), away: z.string().nullable() }).describe('Home and away team; null for events without teams'),
  scores: z.object({ home: z.number().nullable(), away: z.number().nullable() }).describe('Scores; null before the start or when unknown'),
  start_time: z.string().nullable().describe('Start in ISO 8601 UTC (a bare date when the time is unknown)'),
  venue: z.string().nullable(),
  country: z.string().nullable(),
  status: z.string().nullable().describe('Upstream status, e.g. "Not Started", "Match Finished", "FT"; null when unknown'),
});

export const eventsByDayOutputSchema = z.object({
  date: z.string().describe('The day asked for'),
  count: z.number().int().describe('Number of events returned'),
  events: z.array(fixtureSchema),
});

export function eventsByDayTool(api: SportsDbApi) {
  return defineTool({
    name: 'events_by_day',
    title: 'Sports fixtures by day',
    description:
      "Returns every game or match on a day (TheSportsDB), optionally filtered by sport or league. For the next 24 hours, call with today's and tomorrow's dates.",
    inputSchema: eventsByDayInputSchema,
    outputSchema: eventsByDayOutputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler({ date, sport, league }) {
      const all = await api.eventsOnDay(date, sport);
      // The upstream filters by sport; the league is matched here, case-insensitively.
      const bySport = sport ? all.filter((event) => event.sport === null || event.sport.toLowerCase() === sport.toLowerCase()) : all;
      const events = league ? filterByLeague(bySport, league) : bySport;
      return { date, count: events.length, events };
    },
  });
}
