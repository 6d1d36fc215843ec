import { completeFrom, type Completer } from '@toolgate/core';
import { slugify } from './corpus/slug.ts';
import type { QuoteEngine } from './engine/quote-engine.ts';

/**
 * Values for every argument that takes a tag or an author (prompts and resource templates): the
 * corpus's own slugs, most quotes first, matched on what was typed as a slug would be (so
 * `Mark Tw` finds `mark-twain`).
 */
export function quoteCompleters(engine: QuoteEngine): { tag: Completer; author: Completer } {
  const tags = completeFrom(() => engine.tags().map((tag) => tag.slug));
  const authors = completeFrom(() => engine.authors().map((author) => author.slug));
  const bySlug = (completer: Completer): Completer => (request) => completer({ ...request, value: slugify(request.value) || request.value });
  return { tag: bySlug(tags), author: bySlug(authors) };
}
