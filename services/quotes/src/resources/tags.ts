import { defineResource } from '@toolgate/core';
import type { QuoteEngine } from '../engine/quote-engine.ts';

/** Every tag with its quote count, most first, as list_tags returns them: the vocabulary of the tags filter. */
export function tagsResource(engine: QuoteEngine) {
  return defineResource({
    uri: 'quotes://tags',
    name: 'tags',
    title: 'Quote tags',
    description: 'Every tag the tags filter of random_quote accepts, as JSON {count, tags: [{name, slug, quote_count}]}, most quotes first.',
    mimeType: 'application/json',
    annotations: { audience: ['assistant'], priority: 0.5 },
    async read() {
      const tags = engine.tags();
      return { text: JSON.stringify({ count: tags.length, tags }) };
    },
  });
}
