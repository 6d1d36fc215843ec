import type { BandsintownEvent } from './schemas.ts';
import { stripAppId } from './strip-app-id.ts';

export interface ConcertEvent {
  id: number;
  artist_id: number;
  url: string;
  datetime: string;
  title: string;
  description: string | null;
  lineup: string[];
  offers: { type: string; url: string; status: string }[];
  venue: {
    name: string;
    url: string;
    city: string;
    region: string;
    country: string;
    latitude: number | null;
    longitude: number | null;
  };
}

/** A coordinate as a number; blank or unparseable (Bandsintown sends `""` for unknown) → null. */
export function toCoordinate(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** One Bandsintown event in the spec's shape: integer ids, numeric coordinates, null for an empty description, no app id in URLs. */
export function mapEvent(event: BandsintownEvent): ConcertEvent {
  const venue = event.venue;
  const lineup = event.lineup ?? [];
  const description = event.description?.trim();
  return {
    id: Number(event.id),
    artist_id: Number(event.artist_id),
    url: stripAppId(event.url),
    datetime: event.datetime,
    // Older responses have no title; the site shows "<headliner> @ <venue>" then.
    title: event.title?.trim() || [lineup[0], venue.name].filter(Boolean).join(' @ '),
    description: description ? description : null,
    lineup,
    offers: (event.offers ?? []).map((offer) => ({ type: offer.type ?? '', url: stripAppId(offer.url), status: offer.status ?? '' })),
    venue: {
      name: venue.name ?? '',
      url: stripAppId(venue.url),
      city: venue.city ?? '',
      region: venue.region ?? '',
      country: venue.country ?? '',
      latitude: toCoordinate(venue.latitude),
      longitude: toCoordinate(venue.longitude),
    },
  };
}
