import { idf } from './bm25f.ts';
import type { InvertedIndex } from './inverted-index.ts';
import { matchAll, type Candidates } from './match-all.ts';
import type { QueryUnit } from './parse-query.ts';
import { topK } from './top-k.ts';
import { phrasePostings, termPostings, unitTerms } from './unit-postings.ts';

export interface SearchPage {
  /** Exact number of matching documents. */
  total: number;
  /** Document numbers of the requested page, best first. */
  docs: number[];
}

export interface SearchEngine {
  /** `accept`, when given, restricts the search to the documents it accepts (as if the others were not indexed). */
  search(units: QueryUnit[], offset: number, limit: number, accept?: (doc: number) => boolean): SearchPage;
}

/**
 * Ranked retrieval over an inverted index (BM25F), on stems alone: the ranking search_quotes had
 * before issue 24, kept as the baseline the benchmark and the relevance script measure
 * `ranked-search.ts` against (`createQuoteEngine(corpus, { ranking: 'bm25' })`). Every unit must match; when no document has
 * them all, documents matching the most units come first, then by score. Ties break on `tieRank`.
 */
export function createSearchEngine(index: InvertedIndex, tieRank: Int32Array): SearchEngine {
  // Scratch arrays, one slot per document, so a query allocates nothing in proportion to its
  // matches (large short-lived typed arrays cost GC pauses). A search runs synchronously to its
  // end, so two calls never share them at once.
  const scores = new Float64Array(index.documentCount);
  const hits = new Uint8Array(index.documentCount);
  const touched = new Int32Array(index.documentCount);
  const scratch = { docs: new Int32Array(index.documentCount), keys: new Float64Array(index.documentCount) };

  /** Documents with any unit; the number of units matched dominates the key (scores stay far below 1e6). */
  const matchSome = (units: (number[] | undefined)[]): Candidates => {
    let count = 0;
    for (const terms of units) {
      if (!terms) continue;
      const postings = terms.length === 1 ? termPostings(index, terms[0]!) : phrasePostings(index, terms);
      const weight = idf(index.documentCount, postings.docs.length);
      for (let i = 0; i < postings.docs.length; i += 1) {
        const doc = postings.docs[i]!;
        if (hits[doc] === 0) touched[count++] = doc;
        hits[doc]! += 1;
        scores[doc]! += weight * postings.weights[i]!;
      }
    }
    for (let i = 0; i < count; i += 1) {
      const doc = touched[i]!;
      scratch.keys[i] = hits[doc]! * 1e6 + scores[doc]!;
      hits[doc] = 0;
      scores[doc] = 0;
    }
    return { docs: touched.subarray(0, count), keys: scratch.keys.subarray(0, count) };
  };

  /**
   * The accepted candidates, into `scratch`. Safe when the candidates already live there: a
   * kept one is written at or before the slot it is read from.
   */
  const keep = (candidates: Candidates, accept: ((doc: number) => boolean) | undefined): Candidates => {
    if (!accept) return candidates;
    let found = 0;
    for (let i = 0; i < candidates.docs.length; i += 1) {
      const doc = candidates.docs[i]!;
      if (!accept(doc)) continue;
      scratch.docs[found] = doc;
      scratch.keys[found] = candidates.keys[i]!;
      found += 1;
    }
    return { docs: scratch.docs.subarray(0, found), keys: scratch.keys.subarray(0, found) };
  };

  const rank = (candidates: Candidates, offset: number, limit: number): SearchPage => {
    const ranked = topK(candidates.docs, candidates.keys, offset + limit, tieRank);
    return { total: candidates.docs.length, docs: ranked.slice(offset).map((position) => candidates.docs[position]!) };
  };

  return {
    search(units, offset, limit, accept) {
      const terms = units.map((unit) => unitTerms(index, unit));
      const known = terms.filter((unit): unit is number[] => unit !== undefined);
      if (known.length === 0) return { total: 0, docs: [] };
      // One word: its idf is common to every match, so the stored weights already rank them.
      if (units.length === 1 && known[0]!.length === 1) {
        const postings = termPostings(index, known[0]![0]!);
        return rank(keep({ docs: postings.docs, keys: postings.weights }, accept), offset, limit);
      }
      const all = known.length === units.length ? keep(matchAll(index, known, scratch), accept) : undefined;
      if (all && (all.docs.length > 0 || units.length === 1)) return rank(all, offset, limit);
      return rank(keep(matchSome(terms), accept), offset, limit);
    },
  };
}
