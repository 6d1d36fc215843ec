import { defineTool, ToolError } from '@toolgate/core';
import { z } from 'zod';
import type { QuoteEngine } from '../engine/quote-engine.ts';
import { quoteSchema } from './quote-schema.ts';

const inputSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'id must not be empty')
    .max(100, 'id must be at most 100 characters')
    .describe('Quote id, as the id field of random_quote and search_quotes results (Quotable\'s _id, e.g. "WQbJJwEFP1l9"). Case-sensitive.'),
});

/** Quotable's `GET /quotes/:id`: one quote, the six fields of spec 2.6. */
export function getQuoteTool(engine: QuoteEngine) {
  return defineTool({
    name: 'get_quote',
    title: 'Get a quote by id',
    description: 'Returns one quote by its id: {id, content, author, author_slug, length, tags}. An unknown id is an error.',
    inputSchema,
    outputSchema: quoteSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ id }) {
      const quote = engine.quote(id);
      if (!quote) throw new ToolError(`No quote has id "${id}". Ids come from random_quote and search_quotes results (they are case-sensitive).`);
      return quote;
    },
  });
}
