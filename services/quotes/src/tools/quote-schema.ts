import { z } from 'zod';

/** Spec 2.6: the six fields of a quote, all required. */
export const quoteSchema = z
  .object({
    id: z.string().describe('Quote identifier'),
    content: z.string().describe('Quote text'),
    author: z.string().describe('Author name'),
    author_slug: z.string().describe('Author slug, usable as the author filter of random_quote'),
    length: z.number().int().describe('Character count of the quote'),
    tags: z.array(z.string()).describe('Topic tags as slugs (e.g. "famous-quotes"), usable as the tags filter'),
  })
  .strict();

export type QuoteOutput = z.infer<typeof quoteSchema>;
