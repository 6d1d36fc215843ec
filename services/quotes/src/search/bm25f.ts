import { FIELD_COUNT, fieldLength, type InvertedIndex } from './inverted-index.ts';
import type { UnitPostings } from './unit-postings.ts';

/**
 * BM25F weights: a match in the quote's words counts most; its author's name and its tags are
 * weaker signals (a quote *about* courage beats one merely tagged `courage`).
 */
export const FIELD_WEIGHTS = [1, 0.5, 0.3] as const;
const FIELD_B = [0.75, 0.5, 0.3] as const;
const K1 = 1.2;

/** Robertson–Spärck Jones idf as BM25 uses it, floored at zero by the `1 +`. */
export function idf(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/**
 * Adds one unit's BM25F contribution to every document it matches: per-field frequencies are
 * length-normalised and weighted, summed, then saturated once (so repeating a word in the tags
 * cannot outweigh the content).
 */
export function scoreUnit(
  index: InvertedIndex,
  postings: UnitPostings,
  visit: (doc: number, score: number) => void,
): void {
  const weight = idf(index.documentCount, postings.docs.length);
  for (let i = 0; i < postings.docs.length; i += 1) {
    const doc = postings.docs[i]!;
    let tf = 0;
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      const raw = postings.tf[field]![i]!;
      if (raw === 0) continue;
      const norm = 1 - FIELD_B[field]! + (FIELD_B[field]! * fieldLength(index, doc, field)) / index.averageFieldLength[field]!;
      tf += (FIELD_WEIGHTS[field]! * raw) / norm;
    }
    visit(doc, (weight * tf * (K1 + 1)) / (tf + K1));
  }
}
