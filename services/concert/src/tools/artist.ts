import { z } from 'zod';
import { defineTool, ToolError } from '@toolgate/core';
import type { BandsintownApi } from '../upstream/client.ts';
import { artistNameSchema, noSuchArtist } from './artist-name.ts';
import { requireApi } from './event-schema.ts';

const nullableUrl = z.string().nullable();

export const artistOutputSchema = z.object({
  id: z.number().int().describe('Bandsintown artist id (usable as "id_<n>")'),
  name: z.string(),
  url: z.string().describe('The artist\'s Bandsintown page'),
  image_url: nullableUrl,
  thumb_url: nullableUrl,
  facebook_page_url: nullableUrl,
  mbid: z.string().nullable().describe('MusicBrainz id; null when Bandsintown has none'),
  tracker_count: z.number().int().nullable().describe('Fans tracking the artist on Bandsintown'),
  upcoming_event_count: z.number().int().nullable(),
  links: z.array(z.object({ type: z.string().describe('website, spotify, instagram, …'), url: z.string() })),
});

/** The `artist` tool: one artist's Bandsintown profile. */
export function artistTool(api: BandsintownApi | undefined) {
  return defineTool({
    name: 'artist',
    title: 'Artist profile',
    description: 'An artist\'s Bandsintown profile: id, name, page, image, tracker count, number of upcoming events, and links (website, streaming, social).',
    inputSchema: z.object({ name: artistNameSchema }),
    outputSchema: artistOutputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input) {
      const artist = await requireApi(api).artist(input.name);
      if (!artist) throw new ToolError(noSuchArtist(input.name));
      return artist;
    },
  });
}
