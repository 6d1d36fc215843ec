import type { UpstreamClient } from '@toolgate/upstream';
import { bandsintownEventsSchema } from './schemas.ts';
import { mapEvent, type ConcertEvent } from './map-event.ts';

export interface EventQuery {
  /** `upcoming`, `past`, `all`, `YYYY-MM-DD` or `YYYY-MM-DD,YYYY-MM-DD`. */
  date: string;
  location?: string;
  radius?: number;
  page: number;
}

export interface BandsintownApi {
  searchEvents(query: EventQuery): Promise<ConcertEvent[]>;
}

/** Listings change by the minute at most; a few minutes of staleness saves many calls. */
export const EVENTS_TTL_MS = 5 * 60_000;

export function createBandsintownApi(upstream: UpstreamClient, appId: string): BandsintownApi {
  return {
    async searchEvents(query) {
      const events = await upstream.get({
        path: '/events',
        params: { app_id: appId, date: query.date, location: query.location, radius: query.radius, page: query.page },
        schema: bandsintownEventsSchema,
        ttlMs: EVENTS_TTL_MS,
      });
      return events.map(mapEvent);
    },
  };
}
