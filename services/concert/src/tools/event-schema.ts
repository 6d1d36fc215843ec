import { z } from 'zod';
import { ToolError } from '@toolgate/core';
import type { BandsintownApi } from '../upstream/client.ts';

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
export const eventSchema = z.object({
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


/** The API, or the error that tells the operator which variable enables it. */
export function requireApi(api: BandsintownApi | undefined): BandsintownApi {
  if (!api) throw new ToolError('Bandsintown is not configured: the operator must set BANDSINTOWN_APP_ID (a Bandsintown application id) to enable this tool.');
  return api;
}
