import type { TypoIndex } from '@toolgate/text-analysis';
import type { InvertedIndex } from './inverted-index.ts';
import type { SearchEngine, SearchPage } from './search-engine.ts';
import { topK } from './top-k.ts';
import { unitMatches, type UnitMatches } from './unit-matches.ts';

const UNSET = 255;
/** Above any sum of unit costs (32 units × 5). */
const COST_CEILING = 200;
/** Gallop through a unit's postings rather than walk them when they outnumber the candidates this much. */
const GALLOP_RATIO = 4;

/**
 * Ranking as Meilisearch and Typesense rank, in buckets, each rule breaking the previous one's
 * ties: quotes holding more of the quoted phrases, then more of the query's words and phrases
 * (every one, unless no quote has them all), then the lower match cost (exact word 0, another form
 * of its stem 1, each typo 2: see `matchCoster`), then BM25F (text over author over tags,
 * rarer words weigh more, shorter quotes first), then quote id.
 */
export function createRankedSearch(index: InvertedIndex, typos: TypoIndex, tieRank: Int32Array): SearchEngine {
  const size = index.documentCount;
  // Scratch, one slot per document, reset after each use: a search allocates nothing in
  // proportion to its matches, and runs synchronously, so two never share these.
  const unitCost = new Uint8Array(size).fill(UNSET);
  const unitScore = new Float64Array(size);
  const unitTouched = new Int32Array(size);
  const hits = new Uint8Array(size);
  const phraseHits = new Uint8Array(size);
  const cost = new Uint16Array(size);
  const score = new Float64Array(size);
  const touched = new Int32Array(size);
  const among = new Int32Array(size);
  const keys = new Float64Array(size);
  const kept = new Int32Array(size);
  const slot = new Int32Array(size);

  const rank = (found: number, offset: number, limit: number): SearchPage => {
    const docs = kept.subarray(0, found);
    const ranked = topK(docs, keys.subarray(0, found), offset + limit, tieRank);
    return { total: found, docs: ranked.slice(offset).map((position) => docs[position]!) };
  };

  /** One unit: one pass, each document's best key kept in place (`slot` remembers where). */
  const searchOne = (matches: UnitMatches, offset: number, limit: number, accept?: (doc: number) => boolean): SearchPage => {
    let found = 0;
    if (matches.uniform && !accept) {
      const { docs, weights } = matches.uniform;
      return { total: docs.length, docs: topK(docs, weights, offset + limit, tieRank).slice(offset).map((position) => docs[position]!) };
    }
    matches.walk((doc, matchCost, matchScore) => {
      const key = (COST_CEILING - matchCost) * 1e4 + matchScore;
      const at = slot[doc]! - 1;
      if (at >= 0) {
        if (key > keys[at]!) keys[at] = key;
        return;
      }
      kept[found] = doc;
      keys[found] = key;
      found += 1;
      slot[doc] = found;
    }, accept);
    for (let i = 0; i < found; i += 1) slot[kept[i]!] = 0;
    return rank(found, offset, limit);
  };

  /** Folds one unit's matches into the running totals; gives the new count of touched documents. */
  const addUnit = (matches: UnitMatches, isPhrase: boolean, touchedCount: number, wanted?: (doc: number) => boolean, candidates?: Int32Array): number => {
    let unitCount = 0;
    matches.walk((doc, matchCost, matchScore) => {
      const current = unitCost[doc]!;
      if (current === UNSET) {
        unitTouched[unitCount++] = doc;
        unitCost[doc] = matchCost;
        unitScore[doc] = matchScore;
      } else if (matchCost < current || (matchCost === current && matchScore > unitScore[doc]!)) {
        unitCost[doc] = matchCost;
        unitScore[doc] = matchScore;
      }
    }, wanted, candidates);
    for (let i = 0; i < unitCount; i += 1) {
      const doc = unitTouched[i]!;
      if (hits[doc] === 0) touched[touchedCount++] = doc;
      hits[doc]! += 1;
      if (isPhrase) phraseHits[doc]! += 1;
      cost[doc]! += unitCost[doc]!;
      score[doc]! += unitScore[doc]!;
      unitCost[doc] = UNSET;
    }
    return touchedCount;
  };

  const clear = (doc: number) => {
    hits[doc] = 0;
    phraseHits[doc] = 0;
    cost[doc] = 0;
    score[doc] = 0;
  };

  return {
    search(units, offset, limit, accept) {
      const matches = units.map((unit) => ({ unit: unitMatches(index, typos, unit), isPhrase: unit.length > 1 })).sort((a, b) => a.unit.size - b.unit.size);
      if (matches.length === 1) return searchOne(matches[0]!.unit, offset, limit, accept);
      // The smallest unit first; each later one only scores the documents every earlier one
      // matched: galloping to them, or checking each posting when there are many.
      let touchedCount = addUnit(matches[0]!.unit, matches[0]!.isPhrase, 0, accept);
      for (let at = 1; at < matches.length; at += 1) {
        let count = 0;
        for (let i = 0; i < touchedCount; i += 1) if (hits[touched[i]!] === at) among[count++] = touched[i]!;
        if (count === 0) break;
        const { unit, isPhrase } = matches[at]!;
        if (unit.size > GALLOP_RATIO * count) addUnit(unit, isPhrase, touchedCount, undefined, among.subarray(0, count).sort());
        else addUnit(unit, isPhrase, touchedCount, (doc) => hits[doc] === at);
      }
      let all = 0;
      for (let i = 0; i < touchedCount; i += 1) if (hits[touched[i]!] === units.length) all += 1;
      if (all === 0) {
        // No accepted quote has every unit: the quotes with the most come first, so count them all.
        for (let i = 0; i < touchedCount; i += 1) clear(touched[i]!);
        touchedCount = 0;
        for (const { unit, isPhrase } of matches) touchedCount = addUnit(unit, isPhrase, touchedCount, accept);
      }
      let found = 0;
      for (let i = 0; i < touchedCount; i += 1) {
        const doc = touched[i]!;
        if (all === 0 || hits[doc] === units.length) {
          kept[found] = doc;
          keys[found] = phraseHits[doc]! * 1e10 + hits[doc]! * 1e8 + (COST_CEILING - cost[doc]!) * 1e4 + score[doc]!;
          found += 1;
        }
        clear(doc);
      }
      return rank(found, offset, limit);
    },
  };
}
