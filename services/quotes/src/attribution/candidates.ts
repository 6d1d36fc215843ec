import type { InvertedIndex } from '../search/inverted-index.ts';
import { postingCount, termPostings } from '../search/unit-postings.ts';

/** At most this many of a text's rarest words pick candidates; at least MIN_PROBES when it has them. */
export const PROBE_TERMS = 12;
const MIN_PROBES = 2;
/** A text this long or shorter cannot hold a quote of 6 words or more besides other words. */
const MIN_EMBEDDING_WORDS = 6;

/**
 * The text's known terms to probe, rarest first. A quote sharing `share` of the text's words
 * (repeats counted) cannot miss words that make up more than the rest of the text: probing the
 * rarest until they do (pigeonhole, as prefix filtering in similarity joins) never misses such a
 * quote, and never walks the postings of the most common words, which cost the most. Words the
 * index lacks no quote shares, so they use up the allowance. Capped at PROBE_TERMS (very long
 * texts: a quote inside them is found through its rarest words, best effort).
 */
export function probeTerms(index: InvertedIndex, terms: string[], share: number): number[] {
  const counts = new Map<number, number>();
  for (const term of terms) {
    const id = index.termIds.get(term);
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  let known = 0;
  for (const count of counts.values()) known += count;
  const mayMiss = known - share * terms.length;
  const rarestFirst = [...counts.keys()].sort((a, b) => postingCount(index, a) - postingCount(index, b));
  // A quote embedded in a longer text shares only part of it: a second rare word gives it a chance.
  const minProbes = terms.length > MIN_EMBEDDING_WORDS ? MIN_PROBES : 1;
  const probes: number[] = [];
  let covered = 0;
  for (const id of rarestFirst) {
    if (probes.length >= PROBE_TERMS || (covered > mayMiss && probes.length >= minProbes)) break;
    probes.push(id);
    covered += counts.get(id)!;
  }
  return probes;
}

/** The documents worth a closer look for a text's analysed words (a view valid until the next call). */
export type CandidateSource = (terms: string[], share: number) => ArrayLike<number>;

/**
 * Every document holding one of the probed words, once each: by the pigeonhole above, a
 * superset of the quotes sharing `share` of the text. Scratch arrays are made on first use.
 */
export function candidateFinder(index: InvertedIndex): CandidateSource {
  let scratch: { seen: Uint8Array; touched: Int32Array } | undefined;
  return (terms, share) => {
    scratch ??= { seen: new Uint8Array(index.documentCount), touched: new Int32Array(index.documentCount) };
    const { seen, touched } = scratch;
    let found = 0;
    for (const term of probeTerms(index, terms, share)) {
      const { docs } = termPostings(index, term);
      for (let i = 0; i < docs.length; i += 1) {
        const doc = docs[i]!;
        if (seen[doc] === 0) {
          seen[doc] = 1;
          touched[found++] = doc;
        }
      }
    }
    for (let i = 0; i < found; i += 1) seen[touched[i]!] = 0;
    return touched.subarray(0, found);
  };
}
