import type { UpstreamClient } from '@toolgate/upstream';
import { artistPathSegment } from './artist-path.ts';
import { mapArtist, type ConcertArtist } from './map-artist.ts';
import { mapEvent, type ConcertEvent } from './map-event.ts';
import { isNotFoundError, readBandsintownBody } from './read-body.ts';
import { bandsintownArtistAnswerSchema, bandsintownEventsSchema } from './schemas.ts';

export interface EventQuery {
  /** `upcoming`, `past`, `all`, `YYYY-MM-DD` or `YYYY-MM-DD,YYYY-MM-DD`. */
  date: string;
  location?: string;
  radius?: number;
  page: number;
}

export interface BandsintownApi {
  searchEvents(query: EventQuery): Promise<ConcertEvent[]>;
  /** Undefined when Bandsintown knows no such artist. */
  artist(name: string): Promise<ConcertArtist | undefined>;
  /** Undefined when Bandsintown knows no such artist. */
  artistEvents(name: string, date: string): Promise<ConcertEvent[] | undefined>;
}

/** Listings change by the minute at most; a few minutes of staleness saves many calls. */
export const EVENTS_TTL_MS = 5 * 60_000;
/** A profile's counts move slowly. */
export const ARTIST_TTL_MS = 15 * 60_000;

/** "Not found" sent as HTTP 404 reads the same as the HTTP 200 forms. */
async function unlessNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

export function createBandsintownApi(upstream: UpstreamClient, appId: string): BandsintownApi {
  return {
    async searchEvents(query) {
      const events = await upstream.get({
        path: '/events',
        params: { app_id: appId, date: query.date, location: query.location, radius: query.radius, page: query.page },
        schema: bandsintownEventsSchema,
        ttlMs: EVENTS_TTL_MS,
        parse: readBandsintownBody,
        operation: 'events',
      });
      return (events ?? []).map(mapEvent);
    },
    async artist(name) {
      const answer = await unlessNotFound(
        upstream.get({ path: `/artists/${artistPathSegment(name)}`, params: { app_id: appId }, schema: bandsintownArtistAnswerSchema, ttlMs: ARTIST_TTL_MS, parse: readBandsintownBody, operation: 'artist' }),
      );
      return answer === null ? undefined : mapArtist(answer);
    },
    async artistEvents(name, date) {
      const events = await unlessNotFound(
        upstream.get({ path: `/artists/${artistPathSegment(name)}/events`, params: { app_id: appId, date }, schema: bandsintownEventsSchema, ttlMs: EVENTS_TTL_MS, parse: readBandsintownBody, operation: 'artist events' }),
      );
      return events === null ? undefined : events.map(mapEvent);
    },
  };
}
