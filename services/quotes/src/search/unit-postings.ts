import { FIELD_COUNT, type InvertedIndex } from './inverted-index.ts';
import type { QueryUnit } from './parse-query.ts';

/** The documents one query unit matches, with its frequency in each field. */
export interface UnitPostings {
  docs: Int32Array;
  tf: ArrayLike<number>[];
}

const EMPTY: UnitPostings = { docs: new Int32Array(0), tf: Array.from({ length: FIELD_COUNT }, () => new Uint16Array(0)) };

function termPostings(index: InvertedIndex, term: number): UnitPostings {
  const start = index.termStart[term]!;
  const end = index.termStart[term + 1]!;
  return { docs: index.postingDocs.subarray(start, end), tf: index.postingTf.map((tf) => tf.subarray(start, end)) };
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

/**
 * Postings of a word, or of a phrase: the documents holding its rarest word are checked for the
 * whole sequence in each field, so the cost follows the rarest word, not the commonest.
 */
export function unitPostings(index: InvertedIndex, unit: QueryUnit): UnitPostings {
  const terms = unit.map((word) => index.termIds.get(word));
  if (terms.some((term) => term === undefined)) return EMPTY;
  const ids = terms as number[];
  if (ids.length === 1) return termPostings(index, ids[0]!);
  const rarest = ids.reduce((best, term) =>
    index.termStart[term + 1]! - index.termStart[term]! < index.termStart[best + 1]! - index.termStart[best]! ? term : best,
  );
  const docs: number[] = [];
  const tf: number[][] = Array.from({ length: FIELD_COUNT }, () => []);
  for (const doc of termPostings(index, rarest).docs) {
    const counts: number[] = [];
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      const slot = doc * FIELD_COUNT + field;
      counts.push(countPhrase(index.tokens, index.fieldStart[slot]!, index.fieldStart[slot + 1]!, ids));
    }
    if (counts.some((count) => count > 0)) {
      docs.push(doc);
      counts.forEach((count, field) => tf[field]!.push(count));
    }
  }
  return { docs: Int32Array.from(docs), tf };
}
