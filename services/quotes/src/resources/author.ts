import { defineResourceTemplate, ResourceNotFoundError } from '@toolgate/core';
import { z } from 'zod';
import type { QuoteEngine } from '../engine/quote-engine.ts';
import type { quoteCompleters } from '../completers.ts';

/** An author by slug, as get_author returns it; the slug completes from the corpus's authors. */
export function authorResource(engine: QuoteEngine, completers: ReturnType<typeof quoteCompleters>) {
  return defineResourceTemplate({
    uriTemplate: 'quotes://author/{slug}',
    name: 'author',
    title: 'An author by slug',
    description: 'One author as JSON {name, slug, quote_count, tags, link, bio, description}; the slug completes from the authors the corpus has.',
    mimeType: 'application/json',
    variables: z.object({ slug: z.string().min(1).max(200).describe('Author slug, e.g. "mark-twain"') }),
    complete: { slug: completers.author },
    async read({ slug }) {
      const author = engine.author(slug);
      if (!author) throw new ResourceNotFoundError(`No author "${slug}" in the corpus`);
      return { text: JSON.stringify(author) };
    },
  });
}
