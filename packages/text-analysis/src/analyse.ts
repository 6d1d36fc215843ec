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
