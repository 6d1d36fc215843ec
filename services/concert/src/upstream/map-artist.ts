import type { BandsintownArtist } from './schemas.ts';
import { stripAppId } from './strip-app-id.ts';

export interface ConcertArtist {
  id: number;
  name: string;
  url: string;
  image_url: string | null;
  thumb_url: string | null;
  facebook_page_url: string | null;
  mbid: string | null;
  tracker_count: number | null;
  upcoming_event_count: number | null;
  links: { type: string; url: string }[];
}

const orNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

/** One Bandsintown artist: an integer id, nulls for blanks, no app id in URLs, links that have a URL. */
export function mapArtist(artist: BandsintownArtist): ConcertArtist {
  return {
    id: Number(artist.id),
    name: artist.name,
    url: stripAppId(artist.url),
    image_url: orNull(artist.image_url),
    thumb_url: orNull(artist.thumb_url),
    facebook_page_url: orNull(artist.facebook_page_url),
    mbid: orNull(artist.mbid),
    tracker_count: artist.tracker_count ?? null,
    upcoming_event_count: artist.upcoming_event_count ?? null,
    links: (artist.links ?? []).flatMap((link) => (link.url?.trim() ? [{ type: link.type?.trim() || 'link', url: link.url.trim() }] : [])),
  };
}
