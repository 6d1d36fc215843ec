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

/** `GET /events` answers with a bare JSON array. */
export const bandsintownEventsSchema = z.array(bandsintownEventSchema);

export type BandsintownEvent = z.infer<typeof bandsintownEventSchema>;
