import { z } from 'zod';

/** A tag with a count, as list_tags and get_author give it. */
export const tagCountSchema = z
  .object({
    name: z.string().describe('Display name'),
    slug: z.string().describe('Slug, usable in the tags filter of random_quote'),
    quote_count: z.number().int().describe('Quotes carrying this tag (in get_author: that author\'s quotes)'),
  })
  .strict();
