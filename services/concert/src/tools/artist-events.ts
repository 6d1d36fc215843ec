import { z } from 'zod';
import { defineTool, ToolError } from '@toolgate/core';
import type { BandsintownApi } from '../upstream/client.ts';
import { artistNameSchema, noSuchArtist } from './artist-name.ts';
import { eventDateSchema } from './event-filters.ts';
import { eventsOutputSchema, requireApi } from './event-schema.ts';

/** The `artist_events` tool: one artist's events, in the same shape as `events`. */
export function artistEventsTool(api: BandsintownApi | undefined) {
  return defineTool({
    name: 'artist_events',
    title: 'Artist events',
    description: 'One artist\'s concerts (Bandsintown): upcoming by default, or past, all, one day or a date range. Each event has its venue, date and time, ticket offers and lineup, as in the events tool.',
    inputSchema: z.object({ name: artistNameSchema, date: eventDateSchema }),
    outputSchema: eventsOutputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input) {
      const items = await requireApi(api).artistEvents(input.name, input.date);
      if (!items) throw new ToolError(noSuchArtist(input.name));
      return { items, count: items.length };
    },
  });
}
