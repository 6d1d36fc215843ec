import { defineTool, ToolError } from '@toolgate/core';
import { z } from 'zod';
import type { QuoteEngine } from '../engine/quote-engine.ts';
import { MAX_QUERY_UNITS } from '../search/parse-query.ts';
import { isLengthRangeOrdered, lengthRangeOrderError, lengthRangeShape } from './length-range.ts';
import { quoteSchema } from './quote-schema.ts';

const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Spec 8: the effective page size is the limit rounded up to 10, 25, 50 or 100. */
export function pageSizeFor(limit: number): number {
  return PAGE_SIZES.find((size) => limit <= size) ?? 100;
}

const inputSchema = z
  .object({
    query: z
      .string()
      .max(500, 'query must be at most 500 characters')
      .refine((query) => query.trim().length > 0, 'query must not be empty')
      .describe('Words or "quoted phrases" to find, case and accents ignored. Every word must appear, unless no quote has them all.'),
    limit: z
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(100, 'limit must be at most 100')
      .optional()
      .describe('Results per page, 1 to 100 (default 20), rounded up to 10, 25, 50 or 100'),
    page: z.number().int('page must be a whole number').min(1, 'page must be at least 1').max(100_000).optional().describe('Page number, from 1 (default 1)'),
    ...lengthRangeShape,
  })
  .refine(isLengthRangeOrdered, lengthRangeOrderError);

const outputSchema = z
  .object({
    total: z.number().int().describe('Total matching quotes across all pages'),
    count: z.number().int().describe('Quotes returned on this page'),
    page: z.number().int().describe('Current page number'),
    total_pages: z.number().int().describe('Total number of pages'),
    quotes: z.array(quoteSchema).describe('Matching quotes on this page, most relevant first'),
  })
  .strict();

export function searchQuotesTool(engine: QuoteEngine) {
  return defineTool({
    name: 'search_quotes',
    title: 'Search quotes',
    description:
      'Searches quotes by words or "a quoted phrase". Inflections match ("loves" finds "love"), and a typo in words of 5+ letters (two from 9), but quotes with the exact words rank first, then other forms, then typos; then relevance (quote text first, then author and tags). Optionally only quotes of min_length to max_length characters. Paged: returns {total, count, page, total_pages, quotes}.',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ query, limit, page = 1, min_length, max_length }) {
      const units = engine.parseQuery(query);
      if (units.length === 0) throw new ToolError('query has no letters or digits to search for');
      if (units.length > MAX_QUERY_UNITS) throw new ToolError(`query has ${units.length} words and phrases; at most ${MAX_QUERY_UNITS} are searched`);
      const size = pageSizeFor(limit ?? 20);
      const { total, quotes } = engine.search(units, (page - 1) * size, size, { min_length, max_length });
      return { total, count: quotes.length, page, total_pages: Math.ceil(total / size), quotes };
    },
  });
}
