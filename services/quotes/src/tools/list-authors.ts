import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { foldText } from '@toolgate/text-analysis';
import type { AuthorSummary } from '../engine/summaries.ts';
import type { QuoteEngine } from '../engine/quote-engine.ts';

const inputSchema = z.object({
  name: z.string().max(200).optional().describe('Only authors whose name contains this text (case and accents ignored)'),
  sort_by: z.enum(['quote_count', 'name']).optional().describe('quote_count (default, most first) or name (A to Z)'),
  limit: z.number().int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').optional().describe('Authors per page, 1 to 100 (default 20)'),
  page: z.number().int().min(1, 'page must be at least 1').max(100_000).optional().describe('Page number, from 1 (default 1)'),
});

const outputSchema = z
  .object({
    total: z.number().int().describe('Authors matching across all pages'),
    count: z.number().int().describe('Authors on this page'),
    page: z.number().int(),
    total_pages: z.number().int(),
    authors: z.array(
      z
        .object({
          name: z.string(),
          slug: z.string().describe('Usable as the author filter of random_quote'),
          quote_count: z.number().int(),
          link: z.string().nullable().describe('A page about the author, when the corpus has one'),
        })
        .strict(),
    ),
  })
  .strict();

export function listAuthorsTool(engine: QuoteEngine) {
  // Folded names and the by-name order are computed once: the author list never changes.
  const folded = new Map(engine.authors().map((author) => [author, foldText(author.name)]));
  const byName = [...engine.authors()].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.slug.localeCompare(b.slug));
  return defineTool({
    name: 'list_authors',
    title: 'List quote authors',
    description: 'Lists the authors who have quotes, with the slug random_quote filters on and their quote count. Paged.',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ name, sort_by = 'quote_count', limit = 20, page = 1 }) {
      const needle = name ? foldText(name.trim()) : '';
      const all: AuthorSummary[] = sort_by === 'name' ? byName : engine.authors();
      const matching = needle ? all.filter((author) => folded.get(author)!.includes(needle)) : all;
      const authors = matching.slice((page - 1) * limit, page * limit);
      return { total: matching.length, count: authors.length, page, total_pages: Math.ceil(matching.length / limit), authors };
    },
  });
}
