import { saturate } from './bm25f.ts';
import { FIELD_COUNT, type InvertedIndex } from './inverted-index.ts';
import type { QueryUnit } from './parse-query.ts';

/** The documents a word matches (ascending) and its saturated BM25F weight in each. */
export interface UnitPostings {
  docs: Int32Array;
  weights: Float32Array;
}

export const EMPTY_POSTINGS: UnitPostings = { docs: new Int32Array(0), weights: new Float32Array(0) };

export function termPostings(index: InvertedIndex, term: number): UnitPostings {
  const start = index.termStart[term]!;
  const end = index.termStart[term + 1]!;
  return { docs: index.postingDocs.subarray(start, end), weights: index.postingWeight.subarray(start, end) };
}

/** Term ids of a unit's words, or undefined when one of them is in no document. */
export function unitTerms(index: InvertedIndex, unit: QueryUnit): number[] | undefined {
  const ids = unit.map((word) => index.termIds.get(word));
  return ids.some((id) => id === undefined) ? undefined : (ids as number[]);
}

function countPhrase(tokens: Int32Array, from: number, to: number, phrase: number[]): number {
  let count = 0;
  const last = to - phrase.length;
  outer: for (let at = from; at <= last; at += 1) {
    for (let offset = 0; offset < phrase.length; offset += 1) {
      if (tokens[at + offset] !== phrase[offset]) continue outer;
    }
    count += 1;
  }
  return count;
}

/** The saturated BM25F weight of a phrase in one document: 0 when its words are not in that order there. */
export function phraseWeight(index: InvertedIndex, doc: number, phrase: number[]): number {
  let weightedTf = 0;
  for (let field = 0; field < FIELD_COUNT; field += 1) {
    const slot = doc * FIELD_COUNT + field;
    const count = countPhrase(index.tokens, index.fieldStart[slot]!, index.fieldStart[slot + 1]!, phrase);
    weightedTf += count * index.fieldFactors[slot]!;
  }
  return weightedTf > 0 ? saturate(weightedTf) : 0;
}

export const postingCount = (index: InvertedIndex, term: number) => index.termStart[term + 1]! - index.termStart[term]!;

/** Every document holding a phrase: the documents of its rarest word, checked for the sequence. */
export function phrasePostings(index: InvertedIndex, phrase: number[]): UnitPostings {
  const rarest = phrase.reduce((best, term) => (postingCount(index, term) < postingCount(index, best) ? term : best));
  const candidates = termPostings(index, rarest).docs;
  const docs = new Int32Array(candidates.length);
  const weights = new Float32Array(candidates.length);
  let found = 0;
  for (const doc of candidates) {
    const weight = phraseWeight(index, doc, phrase);
    if (weight > 0) {
      docs[found] = doc;
      weights[found] = weight;
      found += 1;
    }
  }
  return { docs: docs.subarray(0, found), weights: weights.subarray(0, found) };
}
