import { FIELD_COUNT, type InvertedIndex } from './inverted-index.ts';

/**
 * A query unit's matches. `size` bounds how many postings it walks; `walk` calls `visit` for each
 * document it matches that `wanted` accepts (all when absent), with the match's cost and BM25F
 * score (a document may come more than once). `wanted` is asked first, so skipped documents cost
 * no scoring.
 */
export interface UnitMatches {
  size: number;
  walk(visit: (doc: number, cost: number, score: number) => void, wanted?: (doc: number) => boolean): void;
}

export const NO_MATCHES: UnitMatches = { size: 0, walk() {} };

/** Whether the document holds this exact word (a word id) in any field. */
export function holdsWord(index: InvertedIndex, doc: number, word: number): boolean {
  const end = index.fieldStart[(doc + 1) * FIELD_COUNT]!;
  for (let at = index.fieldStart[doc * FIELD_COUNT]!; at < end; at += 1) if (index.wordTokens[at] === word) return true;
  return false;
}

/**
 * What a word's match in a document costs, lowest best: 2 per typo, plus 1 when the document has
 * only another form of the stem (so `happiness` ranks quotes saying "happiness" above those saying
 * "happy", and a typo below both). `forms` are the query word or its typo neighbours under this
 * term, fewest typos first (word id -1: a form no quote has).
 */
export function unitMatchCost(index: InvertedIndex, doc: number, term: number, forms: { word: number; typos: number }[]): number {
  const stemOnly = 2 * forms[0]!.typos + 1;
  for (const form of forms) {
    if (2 * form.typos >= stemOnly) break;
    if (form.word < 0) continue;
    // A term with one form in the whole corpus: the posting is that very word.
    if (index.termForms[term] === 1 || holdsWord(index, doc, form.word)) return 2 * form.typos;
  }
  return stemOnly;
}
