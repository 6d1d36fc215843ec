import { defineTool, ToolError } from '@toolgate/core';
import { z } from 'zod';
import type { QuoteEngine } from '../engine/quote-engine.ts';
import { describeLengthRange, isLengthRangeOrdered, lengthRangeOrderError, lengthRangeShape } from './length-range.ts';
import { quoteSchema } from './quote-schema.ts';

const inputSchema = z
  .object({
    limit: z
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(10, 'limit must be at most 10')
      .optional()
      .describe('Number of quotes, 1 to 10 (default 1). 1 or absent returns one quote object; 2 or more returns {count, quotes}.'),
    tags: z
      .string()
      .max(500)
      .optional()
      .describe('Tag filter from list_tags: "," between tags = all of them, "|" = any of them (e.g. "love,life" or "wisdom|truth"). Slugs or display names, any letter case.'),
    author: z
      .string()
      .max(1000)
      .optional()
      .describe('Author slug filter (e.g. "mark-twain"); "|" between slugs = any of them. list_authors lists the slugs.'),
    ...lengthRangeShape,
  })
  .refine(isLengthRangeOrdered, lengthRangeOrderError);

const listSchema = z
  .object({
    count: z.number().int().describe('Quotes returned'),
    quotes: z.array(quoteSchema),
  })
  .strict();

// The root says `type: object` too: MCP clients expect an object schema at the top of outputSchema.
const outputSchema = z.union([quoteSchema, listSchema]).meta({ type: 'object' });

export function randomQuoteTool(engine: QuoteEngine) {
  return defineTool({
    name: 'random_quote',
    title: 'Random quote',
    description:
      'Returns random quotes, optionally filtered by tags, author and length (min_length, max_length in characters). limit absent or 1: one quote object {id, content, author, author_slug, length, tags}. limit 2-10: {count, quotes} with distinct quotes (fewer when fewer match).',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ limit, tags, author, min_length, max_length }) {
      const quotes = engine.random(limit ?? 1, { tags, author, min_length, max_length });
      if (limit !== undefined && limit >= 2) return { count: quotes.length, quotes };
      const [quote] = quotes;
      if (!quote) {
        const filters = [
          tags !== undefined && `tags "${tags}"`,
          author !== undefined && `author "${author}"`,
          describeLengthRange({ min_length, max_length }),
        ].filter(Boolean);
        throw new ToolError(
          `No quote matches ${filters.join(' and ') || 'the filters'}. Check the tags with list_tags and the author slugs with list_authors, or loosen the filters.`,
        );
      }
      return quote;
    },
  });
}
