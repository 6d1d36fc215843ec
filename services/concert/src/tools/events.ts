import { z } from 'zod';
import { defineTool, ToolError } from '@toolgate/core';
import type { BandsintownApi } from '../upstream/client.ts';
import { eventsInputSchema } from './event-filters.ts';

const offerSchema = z.object({ type: z.string(), url: z.string(), status: z.string() });
const venueSchema = z.object({
  name: z.string(),
  url: z.string(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  latitude: z.number().nullable().describe('Decimal degrees; null when the listing has no coordinates'),
  longitude: z.number().nullable().describe('Decimal degrees; null when the listing has no coordinates'),
});
const eventSchema = z.object({
  id: z.number().int(),
  artist_id: z.number().int(),
  url: z.string(),
  datetime: z.string().describe('Local date and time at the venue, ISO 8601 without offset'),
  title: z.string(),
  description: z.string().nullable(),
  lineup: z.array(z.string()),
  offers: z.array(offerSchema),
  venue: venueSchema,
});

export const eventsOutputSchema = z.object({ items: z.array(eventSchema), count: z.number().int() });

/** The `events` tool; `api` is undefined when no Bandsintown app id is configured. */
export function eventsTool(api: BandsintownApi | undefined) {
  return defineTool({
    name: 'events',
    title: 'Concert events',
    description:
      'Searches live concert events worldwide (Bandsintown) by date, location and radius. Each event has its artist, venue, date and time, ticket offers and lineup.',
    inputSchema: eventsInputSchema,
    outputSchema: eventsOutputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input) {
      if (!api) {
        throw new ToolError('Bandsintown is not configured: the operator must set BANDSINTOWN_APP_ID (a Bandsintown application id) to enable this tool.');
      }
      const items = await api.searchEvents({ date: input.date, location: input.location, radius: input.radius, page: input.page });
      return { items, count: items.length };
    },
  });
}
