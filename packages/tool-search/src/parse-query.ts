import { stem, tokenize } from '@toolgate/text-analysis';
import { STOPWORDS } from './stopwords.ts';

/** Longer queries are cut: a person asks in a sentence, and each word costs a postings walk. */
export const MAX_QUERY_CHARS = 500;
export const MAX_QUERY_WORDS = 32;

/** A query word: as typed (folded, for typo lookups) and as its stem. */
export interface QueryWord {
  word: string;
  stem: string;
}

/**
 * The words of a query that say what for: folded, without stopwords (unless that leaves none: a
 * query of only stopwords still searches them), each stem once.
 */
export function parseQuery(query: string): QueryWord[] {
  const words = tokenize(query.slice(0, MAX_QUERY_CHARS)).slice(0, MAX_QUERY_WORDS);
  const content = words.filter((word) => !STOPWORDS.has(word));
  const seen = new Set<string>();
  const parsed: QueryWord[] = [];
  for (const word of content.length > 0 ? content : words) {
    const stemmed = stem(word);
    if (seen.has(stemmed)) continue;
    seen.add(stemmed);
    parsed.push({ word, stem: stemmed });
  }
  return parsed;
}
