import { stem, type TypoIndex } from '@toolgate/text-analysis';
import { idf } from './bm25f.ts';
import { FIELD_COUNT, type InvertedIndex } from './inverted-index.ts';
import { seek } from './match-all.ts';
import type { QueryUnit } from './parse-query.ts';
import { phraseWeight, postingCount, termPostings } from './unit-postings.ts';

export type Visit = (doc: number, cost: number, score: number) => void;

/**
 * A query unit's matches. `size` bounds how many postings it walks; `walk` calls `visit` for each
 * document it matches (a document may come more than once), with the match's cost and BM25F
 * score: all of them, only those `wanted` accepts (asked first, so skipped documents cost no
 * scoring), or only those of `among` (ascending), found by galloping through the postings, so a
 * common word costs little once a rarer one has narrowed the candidates.
 */
export interface UnitMatches {
  size: number;
  walk(visit: Visit, wanted?: (doc: number) => boolean, among?: Int32Array): void;
  /**
   * Set when every match costs the same (one term, one form or none typed, no typo neighbours):
   * the postings then rank by their stored weights alone, as BM25F ranks one word.
   */
  uniform?: { docs: Int32Array; weights: Float32Array };
}

const NO_MATCHES: UnitMatches = { size: 0, walk() {} };

/** Calls `each(position)` for the positions of `docs` holding a document of `among`, or of every wanted one. */
function forEachPosting(docs: Int32Array, each: (at: number) => void, wanted?: (doc: number) => boolean, among?: Int32Array): void {
  if (among) {
    let at = 0;
    for (const doc of among) {
      at = seek(docs, at, doc);
      if (at >= docs.length) return;
      if (docs[at] === doc) each(at);
    }
    return;
  }
  for (let at = 0; at < docs.length; at += 1) if (!wanted || wanted(docs[at]!)) each(at);
}

interface Form {
  word: number;
  typos: number;
}

/**
 * What a word's match costs in each document of a term's postings, lowest best: 2 per typo, plus
 * 1 when the document has only another form of the stem (so `happiness` ranks quotes saying
 * "happiness" above those saying "happy", and a typo below both). `forms` are the query word or
 * its typo neighbours under this term, fewest typos first (word id -1: a form no quote has).
 * Documents must be asked in ascending order: each form's documents are merged in, not searched.
 */
export function matchCoster(index: InvertedIndex, term: number, forms: Form[]): (doc: number) => number {
  const stemOnly = 2 * forms[0]!.typos + 1;
  const usable = forms.filter((form) => form.word >= 0 && 2 * form.typos < stemOnly);
  // A term with one form in the whole corpus: its postings are that very word's.
  if (usable.length > 0 && index.termForms[term] === 1) return () => 2 * usable[0]!.typos;
  const formDocs = usable.map((form) => index.wordDocs.subarray(index.wordStart[form.word]!, index.wordStart[form.word + 1]!));
  const cursors = new Int32Array(usable.length);
  return (doc) => {
    for (let k = 0; k < usable.length; k += 1) {
      const docs = formDocs[k]!;
      const at = seek(docs, cursors[k]!, doc);
      cursors[k] = at;
      if (docs[at] === doc) return 2 * usable[k]!.typos;
    }
    return stemOnly;
  };
}

/** A unit's matches: a word, by its stem, its exact form and its typo neighbours; a phrase, by its stems in order. */
export function unitMatches(index: InvertedIndex, typos: TypoIndex, unit: QueryUnit): UnitMatches {
  if (unit.length > 1) return phraseMatches(index, unit);
  const word = unit[0]!;
  const term = index.termIds.get(stem(word));
  // Typo neighbours grouped by their term; those sharing the word's own stem cannot beat a stem match.
  const neighbours = new Map<number, Form[]>();
  for (const near of typos.near(word)) {
    const nearTerm = index.wordTerm[near.word]!;
    if (nearTerm === term) continue;
    const group = neighbours.get(nearTerm);
    if (group) group.push(near);
    else neighbours.set(nearTerm, [near]);
  }
  const groups: [number, Form[]][] = [...neighbours];
  for (const [, forms] of groups) forms.sort((a, b) => a.typos - b.typos);
  if (term !== undefined) groups.unshift([term, [{ word: index.wordIds.get(word) ?? -1, typos: 0 }]]);
  const uniform = term !== undefined && groups.length === 1 && (index.termForms[term] === 1 || !index.wordIds.has(word));
  return {
    size: groups.reduce((sum, [groupTerm]) => sum + postingCount(index, groupTerm), 0),
    uniform: uniform ? termPostings(index, term) : undefined,
    walk(visit, wanted, among) {
      for (const [groupTerm, forms] of groups) {
        const { docs, weights } = termPostings(index, groupTerm);
        const weight = idf(index.documentCount, docs.length);
        const costOf = matchCoster(index, groupTerm, forms);
        forEachPosting(docs, (at) => visit(docs[at]!, costOf(docs[at]!), weight * weights[at]!), wanted, among);
      }
    },
  };
}

/** A phrase matches its stems in order (no typos, as Meilisearch's phrases); cost 0 when its exact words are there in order. */
function phraseMatches(index: InvertedIndex, unit: QueryUnit): UnitMatches {
  const terms = unit.map((word) => index.termIds.get(stem(word)));
  if (terms.some((term) => term === undefined)) return NO_MATCHES;
  const phrase = terms as number[];
  const words = unit.map((word) => index.wordIds.get(word) ?? -1);
  const rarest = phrase.reduce((best, term) => (postingCount(index, term) < postingCount(index, best) ? term : best));
  const { docs } = termPostings(index, rarest);
  const weight = idf(index.documentCount, docs.length);
  return {
    size: docs.length,
    walk(visit, wanted, among) {
      forEachPosting(docs, (at) => {
        const doc = docs[at]!;
        const matched = phraseWeight(index, doc, phrase);
        if (matched > 0) visit(doc, holdsSequence(index, doc, words) ? 0 : 1, weight * matched);
      }, wanted, among);
    },
  };
}

/** Whether one of the document's fields holds these word ids consecutively. */
function holdsSequence(index: InvertedIndex, doc: number, words: number[]): boolean {
  if (words.includes(-1)) return false;
  for (let field = 0; field < FIELD_COUNT; field += 1) {
    const slot = doc * FIELD_COUNT + field;
    const last = index.fieldStart[slot + 1]! - words.length;
    outer: for (let at = index.fieldStart[slot]!; at <= last; at += 1) {
      for (let offset = 0; offset < words.length; offset += 1) if (index.wordTokens[at + offset] !== words[offset]) continue outer;
      return true;
    }
  }
  return false;
}
