import type { Corpus } from '../corpus/quote.ts';
import type { TagSummary } from './summaries.ts';

/** Everything the corpus knows about one author: get_author's answer. */
export interface AuthorDetail {
  name: string;
  slug: string;
  quote_count: number;
  /** The tags of the author's quotes, with how many of them carry each, most first. */
  tags: TagSummary[];
  link: string | null;
  bio: string | null;
  description: string | null;
}

/**
 * An author by slug: one with quotes, or one authors.json lists without any (Quotable's
 * author endpoints answered for those too). Undefined when neither knows the slug.
 */
export function authorDetail(corpus: Corpus, slug: string, docs: Int32Array | undefined, tagNames: Map<string, string>): AuthorDetail | undefined {
  const info = corpus.authors.get(slug);
  if (!docs && !info) return undefined;
  const counts = new Map<string, number>();
  for (const doc of docs ?? []) for (const tag of corpus.quotes[doc]!.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const tags = [...counts]
    .map(([tag, quote_count]) => ({ name: tagNames.get(tag) ?? tag, slug: tag, quote_count }))
    .sort((a, b) => b.quote_count - a.quote_count || a.slug.localeCompare(b.slug));
  return {
    // A quote's spelling of the name is the one search and random_quote show.
    name: docs ? corpus.quotes[docs[0]!]!.author : info!.name,
    slug,
    quote_count: docs?.length ?? 0,
    tags,
    link: info?.link ?? null,
    bio: info?.bio ?? null,
    description: info?.description ?? null,
  };
}
