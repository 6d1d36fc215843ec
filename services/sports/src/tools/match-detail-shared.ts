import { z } from 'zod';
import { defineTool, ToolError } from '@toolgate/core';
import type { Listing, SportsDbApi } from '../upstream/client.ts';
import type { Match } from '../upstream/map-match.ts';
import { eventIdSchema, noSuchEvent } from './event.ts';
import { completenessShape, READ_ONLY } from './tool-schemas.ts';

/** Why a real event has no rows: not played yet, or not among the matches TheSportsDB details. */
export function noCoverageReason(what: string, match: Match, now: Date): string {
  const start = match.start_time ? Date.parse(match.start_time) : Number.NaN;
  const when = match.start_time ? ` (${match.start_time.slice(0, 10)})` : '';
  if (!match.finished && !Number.isNaN(start) && start > now.getTime()) {
    return `${match.name}${when} has not started: TheSportsDB adds the ${what} around and after kick-off`;
  }
  return `TheSportsDB has no ${what} for ${match.name}${when}: it details only some matches (mostly featured soccer leagues since 2020)`;
}

/**
 * event_timeline, event_stats and event_lineup: rows for one event. No rows is either an event
 * TheSportsDB does not know (a tool error) or a real event it has no coverage for (`covered: false`
 * with the reason); telling them apart costs one event lookup, and only when there are no rows.
 */
export function matchDetailTool<Item extends z.ZodType>(
  api: SportsDbApi,
  tool: { name: string; title: string; description: string; what: string; item: Item; fetch: (api: SportsDbApi, eventId: number) => Promise<Listing<z.infer<Item>>> },
  now: () => Date = () => new Date(),
) {
  return defineTool({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: z.object({ event_id: eventIdSchema }),
    outputSchema: z.object({
      event_id: z.number().int(),
      covered: z.boolean().describe(`False when the event exists but TheSportsDB has no ${tool.what} for it (see reason)`),
      count: z.number().int(),
      ...completenessShape,
      items: z.array(tool.item),
    }),
    annotations: READ_ONLY,
    async handler({ event_id }) {
      const listing = await tool.fetch(api, event_id);
      if (listing.items.length > 0) return { event_id, covered: true, count: listing.items.length, complete: listing.complete, reason: listing.reason, items: listing.items };
      const match = await api.event(event_id);
      if (!match) throw new ToolError(noSuchEvent(event_id));
      return { event_id, covered: false, count: 0, complete: true, reason: noCoverageReason(tool.what, match, now()), items: [] };
    },
  });
}
