import { defineTool, ToolError } from '@toolgate/core';
import { z } from 'zod';
import type { QuoteEngine } from '../engine/quote-engine.ts';
import { tagCountSchema } from './tag-schema.ts';

const inputSchema = z.object({
  slug: z
    .string()
    .max(200, 'slug must be at most 200 characters')
    .refine((slug) => /[\p{L}\p{N}]/u.test(slug), 'slug must contain letters or digits')
    .describe('Author slug from list_authors or a quote\'s author_slug (e.g. "albert-einstein"); a full name works too ("Albert Einstein").'),
});

const nullableText = (what: string) => z.string().nullable().describe(`${what}, when the corpus has one (null otherwise)`);

const outputSchema = z
  .object({
    name: z.string(),
    slug: z.string().describe('Usable as the author filter of random_quote'),
    quote_count: z.number().int().describe('Quotes by this author in the corpus'),
    tags: z.array(tagCountSchema).describe("The tags of the author's quotes, with how many of them carry each, most first"),
    link: nullableText('A page about the author (Wikipedia in Quotable\'s data)'),
    bio: nullableText('A short biography'),
    description: nullableText('A one-line description (e.g. "American novelist")'),
  })
  .strict();

/** Quotable's `GET /authors/slug/:slug`: the author, how many quotes, on what topics. */
export function getAuthorTool(engine: QuoteEngine) {
  return defineTool({
    name: 'get_author',
    title: 'Get an author',
    description:
      "Returns one author by slug (or name): {name, slug, quote_count, tags (of their quotes, with counts), link, bio, description}; link, bio and description are null when the corpus lacks them. An unknown author is an error.",
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ slug }) {
      const author = engine.author(slug);
      if (!author) throw new ToolError(`No author "${slug.trim()}" in the corpus. list_authors (with name=...) finds authors and their slugs.`);
      return author;
    },
  });
}
