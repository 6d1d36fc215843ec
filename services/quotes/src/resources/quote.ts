import { defineResourceTemplate, ResourceNotFoundError } from '@toolgate/core';
import { z } from 'zod';
import type { QuoteEngine } from '../engine/quote-engine.ts';

/** One quote by id, as get_quote returns it: what a client attaches to a conversation or a prompt embeds. */
export function quoteResource(engine: QuoteEngine) {
  return defineResourceTemplate({
    uriTemplate: 'quotes://quote/{id}',
    name: 'quote',
    title: 'A quote by id',
    description: 'One quotation as JSON {id, content, author, author_slug, length, tags}; ids come from random_quote and search_quotes results.',
    mimeType: 'application/json',
    variables: z.object({ id: z.string().min(1).max(100).describe('Quote id (case-sensitive)') }),
    async read({ id }) {
      const quote = engine.quote(id);
      if (!quote) throw new ResourceNotFoundError(`No quote has id "${id}"`);
      return { text: JSON.stringify(quote) };
    },
  });
}
