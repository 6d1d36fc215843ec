import { z } from 'zod';

// Minimal: only what the tool maps. Bandsintown sends ids and coordinates as strings.
const numericId = z.union([z.number().int(), z.string().regex(/^\d+$/, 'a numeric id')]);
const coordinate = z.union([z.number(), z.string()]).nullish();

export const bandsintownOfferSchema = z.object({
  type: z.string().nullish(),
  url: z.string().nullish(),
  status: z.string().nullish(),
});

export const bandsintownVenueSchema = z.object({
  name: z.string().nullish(),
  url: z.string().nullish(),
  city: z.string().nullish(),
  region: z.string().nullish(),
  country: z.string().nullish(),
  latitude: coordinate,
  longitude: coordinate,
});

export const bandsintownEventSchema = z.object({
  id: numericId,
  artist_id: numericId,
  url: z.string().nullish(),
  datetime: z.string(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  lineup: z.array(z.string()).nullish(),
  offers: z.array(bandsintownOfferSchema).nullish(),
  venue: bandsintownVenueSchema,
});

/** `GET /events` and `GET /artists/{name}/events` answer with a bare JSON array; null is "not found". */
export const bandsintownEventsSchema = z.array(bandsintownEventSchema).nullable();

const linkSchema = z.object({ type: z.string().nullish(), url: z.string().nullish() });

export const bandsintownArtistSchema = z.object({
  id: numericId,
  name: z.string(),
  url: z.string().nullish(),
  image_url: z.string().nullish(),
  thumb_url: z.string().nullish(),
  facebook_page_url: z.string().nullish(),
  mbid: z.string().nullish(),
  tracker_count: z.number().int().nullish(),
  upcoming_event_count: z.number().int().nullish(),
  links: z.array(linkSchema).nullish(),
});

/** `GET /artists/{name}`; null is "not found". */
export const bandsintownArtistAnswerSchema = bandsintownArtistSchema.nullable();

export type BandsintownArtist = z.infer<typeof bandsintownArtistSchema>;

export type BandsintownEvent = z.infer<typeof bandsintownEventSchema>;
