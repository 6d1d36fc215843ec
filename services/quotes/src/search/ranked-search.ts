import { stem } from './analyse.ts';
import { idf } from './bm25f.ts';
import { FIELD_COUNT, type InvertedIndex } from './inverted-index.ts';
import type { QueryUnit } from './parse-query.ts';
import type { SearchEngine } from './search-engine.ts';
import { topK } from './top-k.ts';
import type { TypoIndex } from './typo-index.ts';
import { phraseWeight, postingCount, termPostings } from './unit-postings.ts';
import { NO_MATCHES, unitMatchCost, type UnitMatches } from './unit-matches.ts';

const UNSET = 255;
/** Above any sum of unit costs (32 units × 5). */
const COST_CEILING = 200;

/**
 * Ranking as Meilisearch and Typesense rank, in buckets, each rule breaking the previous one's
 * ties: quotes holding more of the quoted phrases, then more of the query's words and phrases
 * (every one, unless no quote has them all), then the lower match cost (exact word 0, another form
 * of its stem 1, each typo 2: see `unitMatchCost`), then BM25F (text over author over tags,
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
  const keys = new Float64Array(size);
  const kept = new Int32Array(size);

  /** Folds one unit's matches (of the `wanted` documents) into the running totals; gives the new count of touched documents. */
  const addUnit = (matches: UnitMatches, isPhrase: boolean, touchedCount: number, wanted?: (doc: number) => boolean): number => {
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
    }, wanted);
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
      // The smallest unit first; then each later one only scores the documents every earlier one
      // matched, so a common word costs a check per posting, not its scoring.
      const matches = units.map((unit) => ({ unit: unitMatches(index, typos, unit), isPhrase: unit.length > 1 })).sort((a, b) => a.unit.size - b.unit.size);
      let touchedCount = 0;
      matches.forEach(({ unit, isPhrase }, at) => {
        touchedCount = addUnit(unit, isPhrase, touchedCount, at === 0 ? undefined : (doc) => hits[doc] === at);
      });
      let all = 0;
      for (let i = 0; i < touchedCount; i += 1) {
        const doc = touched[i]!;
        if (hits[doc] === units.length && (!accept || accept(doc))) all += 1;
      }
      if (all === 0 && units.length > 1) {
        // No accepted quote has every unit: the quotes with the most come first, so count them all.
        for (let i = 0; i < touchedCount; i += 1) clear(touched[i]!);
        touchedCount = 0;
        for (const { unit, isPhrase } of matches) touchedCount = addUnit(unit, isPhrase, touchedCount);
      }
      let found = 0;
      for (let i = 0; i < touchedCount; i += 1) {
        const doc = touched[i]!;
        if ((all === 0 || hits[doc] === units.length) && (!accept || accept(doc))) {
          kept[found] = doc;
          keys[found] = phraseHits[doc]! * 1e10 + hits[doc]! * 1e8 + (COST_CEILING - cost[doc]!) * 1e4 + score[doc]!;
          found += 1;
        }
        clear(doc);
      }
      const docs = kept.subarray(0, found);
      const ranked = topK(docs, keys.subarray(0, found), offset + limit, tieRank);
      return { total: found, docs: ranked.slice(offset).map((position) => docs[position]!) };
    },
  };
}

/** A unit's matches: a word, by its stem, its exact form and its typo neighbours; a phrase, by its stems in order. */
function unitMatches(index: InvertedIndex, typos: TypoIndex, unit: QueryUnit): UnitMatches {
  if (unit.length > 1) return phraseMatches(index, unit);
  const word = unit[0]!;
  const term = index.termIds.get(stem(word));
  // Typo neighbours grouped by their term; those sharing the word's own stem cannot beat a stem match.
  const neighbours = new Map<number, { word: number; typos: number }[]>();
  for (const near of typos.near(word)) {
    const nearTerm = index.wordTerm[near.word]!;
    if (nearTerm === term) continue;
    const group = neighbours.get(nearTerm);
    if (group) group.push(near);
    else neighbours.set(nearTerm, [near]);
  }
  const groups: [number, { word: number; typos: number }[]][] = [...neighbours];
  for (const [, forms] of groups) forms.sort((a, b) => a.typos - b.typos);
  if (term !== undefined) groups.unshift([term, [{ word: index.wordIds.get(word) ?? -1, typos: 0 }]]);
  return {
    size: groups.reduce((sum, [groupTerm]) => sum + postingCount(index, groupTerm), 0),
    walk(visit, wanted) {
      for (const [groupTerm, forms] of groups) {
        const { docs, weights } = termPostings(index, groupTerm);
        const weight = idf(index.documentCount, docs.length);
        for (let i = 0; i < docs.length; i += 1) {
          const doc = docs[i]!;
          if (wanted && !wanted(doc)) continue;
          visit(doc, unitMatchCost(index, doc, groupTerm, forms), weight * weights[i]!);
        }
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
    walk(visit, wanted) {
      for (const doc of docs) {
        if (wanted && !wanted(doc)) continue;
        const matched = phraseWeight(index, doc, phrase);
        if (matched === 0) continue;
        visit(doc, holdsSequence(index, doc, words) ? 0 : 1, weight * matched);
      }
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
