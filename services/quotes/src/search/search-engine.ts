import { buildInvertedIndex, type FieldTexts, type InvertedIndex } from './inverted-index.ts';
import type { QueryUnit } from './parse-query.ts';
import { scoreUnit } from './bm25f.ts';
import { topK } from './top-k.ts';
import { unitPostings } from './unit-postings.ts';

export interface SearchPage {
  /** Exact number of matching documents. */
  total: number;
  /** Document numbers of the requested page, best first. */
  docs: number[];
}

export interface SearchEngine {
  search(units: QueryUnit[], offset: number, limit: number): SearchPage;
}

/**
 * Ranked retrieval over an inverted index. Every unit must match; when no document has them all,
 * documents matching the most units come first (then by score). Ties break on `tieRank`
 * (ascending), so equal scores always come back in the same order.
 *
 * The scratch arrays are reused across calls: a search runs synchronously to the end, so two
 * calls never share them at once.
 */
export function createSearchEngine(index: InvertedIndex, tieRank: Int32Array): SearchEngine {
  const scores = new Float64Array(index.documentCount);
  const hits = new Uint8Array(index.documentCount);
  const touched = new Int32Array(index.documentCount);

  return {
    search(units, offset, limit) {
      let touchedCount = 0;
      for (const unit of units) {
        // Partial matches are kept too: the "no document has every unit" fallback ranks them.
        scoreUnit(index, unitPostings(index, unit), (doc, score) => {
          if (hits[doc] === 0) touched[touchedCount++] = doc;
          hits[doc]! += 1;
          scores[doc]! += score;
        });
      }
      let candidates = touched.subarray(0, touchedCount);
      const everyUnit = candidates.filter((doc) => hits[doc] === units.length);
      if (everyUnit.length > 0) candidates = everyUnit;
      const better = (a: number, b: number) =>
        hits[a] !== hits[b] ? hits[a]! > hits[b]! : scores[a] !== scores[b] ? scores[a]! > scores[b]! : tieRank[a]! < tieRank[b]!;
      const ranked = topK(candidates, candidates.length, Math.min(offset + limit, candidates.length), better);
      const page = { total: candidates.length, docs: ranked.slice(offset, offset + limit) };
      for (let i = 0; i < touchedCount; i += 1) {
        const doc = touched[i]!;
        hits[doc] = 0;
        scores[doc] = 0;
      }
      return page;
    },
  };
}

export function buildSearchEngine(documents: FieldTexts[], tieRank: Int32Array): SearchEngine {
  return createSearchEngine(buildInvertedIndex(documents), tieRank);
}
