import type { Corpus } from '../corpus/quote.ts';

export interface TagSummary {
  name: string;
  slug: string;
  quote_count: number;
}

export interface AuthorSummary {
  name: string;
  slug: string;
  quote_count: number;
  link: string | null;
}

const byCountThenName = <T extends { quote_count: number; name: string }>(a: T, b: T) =>
  b.quote_count - a.quote_count || a.name.localeCompare(b.name, 'en');

/** Every known tag (tags.json's, even unused ones, and any a quote adds), most quotes first. */
export function listTags(corpus: Corpus, tagDocs: Map<string, Int32Array>): TagSummary[] {
  return corpus.tags
    .map((tag) => ({ name: tag.name, slug: tag.slug, quote_count: tagDocs.get(tag.slug)?.length ?? 0 }))
    .sort(byCountThenName);
}

/**
 * Every author who has quotes (an author without any is no use as a filter), most quotes first,
 * with the link from authors.json when it has one.
 */
export function listAuthors(corpus: Corpus, authorDocs: Map<string, Int32Array>): AuthorSummary[] {
  return [...authorDocs].map(([slug, docs]) => {
      const name = corpus.quotes[docs[0]!]!.author;
      return { name, slug, quote_count: docs.length, link: corpus.authors.get(slug)?.link ?? null };
    })
    .sort(byCountThenName);
}
