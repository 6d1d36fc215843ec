import { stemmer } from 'stemmer';
import { tokenize } from './fold.ts';

/**
 * The English analyser every indexed field and every query goes through: folded words (see
 * `tokenize`), each reduced to its Porter stem, so `loves`, `loving` and `love` are one term.
 */
export function analyse(text: string): string[] {
  return tokenize(text).map(stem);
}

/** One word's stem; a word with digits is kept whole (`1990s` is not an inflection of `1990`). */
export function stem(word: string): string {
  return /\d/.test(word) ? word : stemmer(word);
}

/**
 * An analyser that remembers each word's stem: indexing stems millions of words drawn from a
 * vocabulary of thousands. Built per index, so the memo never outlives the corpus it was made for
 * (queries use `analyse`, whose input is unbounded).
 */
export function memoisedAnalyser(): (text: string) => string[] {
  const stems = new Map<string, string>();
  return (text) =>
    tokenize(text).map((word) => {
      let stemmed = stems.get(word);
      if (stemmed === undefined) stems.set(word, (stemmed = stem(word)));
      return stemmed;
    });
}
