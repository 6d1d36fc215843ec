import { idf } from './bm25f.ts';
import type { InvertedIndex } from './inverted-index.ts';
import { phraseWeight, postingCount, termPostings, type UnitPostings } from './unit-postings.ts';

export interface Candidates {
  docs: Int32Array;
  keys: Float32Array | Float64Array;
}

/** First position at or after `from` whose doc is ≥ `doc` (galloping, then binary search). */
export function seek(docs: Int32Array, from: number, doc: number): number {
  let step = 1;
  let low = from;
  let high = from;
  while (high < docs.length && docs[high]! < doc) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, docs.length);
  while (low < high) {
    const middle = (low + high) >> 1;
    if (docs[middle]! < doc) low = middle + 1;
    else high = middle;
  }
  return low;
}

interface List extends UnitPostings {
  /** Multiplies the stored weight; 0 for a phrase's words, which only narrow the candidates. */
  idf: number;
}

/**
 * Documents holding every unit, keyed by Σ idf·weight. The word lists are walked from the rarest,
 * galloping through the others, so the cost follows the rarest word; a phrase's words narrow the
 * candidates first and its word order is checked only on the survivors. A phrase's idf is that
 * of its rarest word (the exact phrase frequency would need the whole check up front).
 * Results are written into `scratch` (one slot per document), to allocate nothing per query.
 */
export function matchAll(index: InvertedIndex, units: number[][], scratch: Candidates & { keys: Float64Array }): Candidates {
  const lists: List[] = [];
  const phrases: { terms: number[]; idf: number }[] = [];
  for (const terms of units) {
    if (terms.length === 1) {
      lists.push({ ...termPostings(index, terms[0]!), idf: idf(index.documentCount, postingCount(index, terms[0]!)) });
    } else {
      const rarest = Math.min(...terms.map((term) => postingCount(index, term)));
      phrases.push({ terms, idf: idf(index.documentCount, rarest) });
      for (const term of new Set(terms)) lists.push({ ...termPostings(index, term), idf: 0 });
    }
  }
  lists.sort((a, b) => a.docs.length - b.docs.length);
  const driver = lists[0]!;
  const cursors = new Int32Array(lists.length);
  const { docs, keys } = scratch;
  let found = 0;
  outer: for (let i = 0; i < driver.docs.length; i += 1) {
    const doc = driver.docs[i]!;
    let score = driver.idf * driver.weights[i]!;
    for (let l = 1; l < lists.length; l += 1) {
      const list = lists[l]!;
      const at = seek(list.docs, cursors[l]!, doc);
      cursors[l] = at;
      if (at >= list.docs.length) break outer;
      if (list.docs[at] !== doc) continue outer;
      score += list.idf * list.weights[at]!;
    }
    for (const phrase of phrases) {
      const weight = phraseWeight(index, doc, phrase.terms);
      if (weight === 0) continue outer;
      score += phrase.idf * weight;
    }
    docs[found] = doc;
    keys[found] = score;
    found += 1;
  }
  return { docs: docs.subarray(0, found), keys: keys.subarray(0, found) };
}
