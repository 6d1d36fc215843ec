import { defineTool } from '@toolgate/core';
import type { BandsintownApi } from '../upstream/client.ts';
import { eventsInputSchema } from './event-filters.ts';
import { eventsOutputSchema, requireApi } from './event-schema.ts';

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
      const items = await requireApi(api).searchEvents({ date: input.date, location: input.location, radius: input.radius, page: input.page });
      return { items, count: items.length };
    },
  });
}
