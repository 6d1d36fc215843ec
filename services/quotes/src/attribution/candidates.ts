import { idf } from '../search/bm25f.ts';
import type { InvertedIndex } from '../search/inverted-index.ts';
import { topK } from '../search/top-k.ts';
import { postingCount, termPostings } from '../search/unit-postings.ts';

/** The rarest words of a text that pick candidates: enough to survive a few changed words. */
export const PROBE_TERMS = 12;

/**
 * The documents sharing the most (idf-weighted) of a text's rarest words, best first: a
 * changed, added or missing word costs a candidate that word's weight, not its place. Cost
 * follows the postings of at most PROBE_TERMS words. Scratch arrays are made on first use.
 */
export function candidateFinder(index: InvertedIndex, tieRank: Int32Array) {
  let scratch: { scores: Float64Array; touched: Int32Array; keys: Float64Array } | undefined;
  return (terms: string[], count: number): number[] => {
    scratch ??= {
      scores: new Float64Array(index.documentCount),
      touched: new Int32Array(index.documentCount),
      keys: new Float64Array(index.documentCount),
    };
    const { scores, touched, keys } = scratch;
    const ids = [...new Set(terms)].map((term) => index.termIds.get(term)).filter((id) => id !== undefined);
    const probes = ids.sort((a, b) => postingCount(index, a) - postingCount(index, b)).slice(0, PROBE_TERMS);
    let found = 0;
    for (const term of probes) {
      const weight = idf(index.documentCount, postingCount(index, term));
      const { docs } = termPostings(index, term);
      for (let i = 0; i < docs.length; i += 1) {
        const doc = docs[i]!;
        if (scores[doc] === 0) touched[found++] = doc;
        scores[doc]! += weight;
      }
    }
    for (let i = 0; i < found; i += 1) {
      keys[i] = scores[touched[i]!]!;
      scores[touched[i]!] = 0;
    }
    const docs = touched.subarray(0, found);
    return topK(docs, keys.subarray(0, found), count, tieRank).map((position) => docs[position]!);
  };
}
