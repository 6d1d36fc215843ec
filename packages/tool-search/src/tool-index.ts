import { buildTypoIndex, foldText, type TypoIndex } from '@toolgate/text-analysis';
import { buildIndex, type BuiltIndex } from './build-index.ts';
import { TYPO_FACTOR } from './field-weights.ts';
import { parseQuery, type QueryWord } from './parse-query.ts';
import type { SearchableTool } from './searchable-tool.ts';
import type { SynonymGroups } from './synonyms.ts';

export interface ToolHit {
  /** The tool's position in the list the index was built from. */
  doc: number;
  score: number;
}

export interface ToolIndex {
  readonly size: number;
  /**
   * The `limit` best tools for a query, best first; only those `accept` accepts when it is given
   * (a caller's key), as if the others were not indexed. A tool matching no word is not returned.
   */
  search(query: string, limit: number, accept?: (doc: number) => boolean): ToolHit[];
}

export interface ToolIndexOptions {
  /** Each pack's vocabulary of synonyms (synonyms.ts); none by default. */
  synonymsOf?: (pack: string) => SynonymGroups | undefined;
  /** Names that find a tool by themselves, typed whole (`quotes_search_quotes`): each tool's, by doc. */
  namesOf?: (tool: SearchableTool, doc: number) => readonly string[];
}

/** A query word's terms: its stem, or when no tool has that stem, the terms of its typo neighbours with their factor. */
function termsOf(index: BuiltIndex, typos: TypoIndex, word: QueryWord): [term: number, factor: number][] {
  const term = index.termIds.get(word.stem);
  if (term !== undefined) return [[term, 1]];
  const best = new Map<number, number>();
  for (const near of typos.near(word.word)) {
    const nearTerm = index.wordTerms[near.word]!;
    const factor = TYPO_FACTOR[near.typos] ?? 0;
    if (factor > (best.get(nearTerm) ?? 0)) best.set(nearTerm, factor);
  }
  return [...best];
}

/**
 * How much of the query a tool answers weighs beside how well: a tool holding two of three words
 * beats one holding one word many times. The share of the query's words matched, to COORDINATION.
 */
const COORDINATION = 1;
const coordination = (matched: number, words: number) => (matched / Math.max(words, 1)) ** COORDINATION;

/**
 * An index over tools, built once per tool list (a fronted server's new list builds a new one,
 * never a query). Ranking: BM25F over the fields of searchable-tool.ts, summed over the query's
 * words (a tool need not hold them all: people ask in their own words, and the tool holding the
 * most and rarest of them ranks first); a word no tool has is read as its typo neighbours, at a
 * discount; a query that is a tool's whole name finds that tool first.
 */
export function createToolIndex(tools: readonly SearchableTool[], options: ToolIndexOptions = {}): ToolIndex {
  const index = buildIndex(tools, options.synonymsOf ?? (() => undefined));
  const typos = buildTypoIndex(index.words);
  const byName = new Map<string, number>();
  tools.forEach((tool, doc) => {
    for (const name of options.namesOf?.(tool, doc) ?? [tool.tool]) if (!byName.has(foldText(name))) byName.set(foldText(name), doc);
  });
  // Scratch, one slot per tool, so a search allocates nothing in proportion to the tools. A search
  // runs synchronously to its end, so two never share them.
  const scores = new Float64Array(tools.length);
  const matched = new Uint8Array(tools.length);
  const lastWord = new Int8Array(tools.length).fill(-1);
  const touched = new Uint32Array(tools.length);

  return {
    size: tools.length,
    search(query, limit, accept) {
      if (limit <= 0 || tools.length === 0) return [];
      let count = 0;
      const words = parseQuery(query);
      words.forEach((word, position) => {
        for (const [term, factor] of termsOf(index, typos, word)) {
          for (let at = index.start[term]!; at < index.start[term + 1]!; at += 1) {
            const doc = index.docs[at]!;
            if (lastWord[doc] === -1) touched[count++] = doc;
            scores[doc]! += factor * index.weights[at]!;
            // Each query word counts once, whichever of its terms (its stem, a typo neighbour) matched.
            if (lastWord[doc] !== position) {
              lastWord[doc] = position;
              matched[doc]! += 1;
            }
          }
        }
      });
      const named = byName.get(foldText(query.trim()));
      const hits: ToolHit[] = [];
      for (let i = 0; i < count; i += 1) {
        const doc = touched[i]!;
        const score = scores[doc]! * coordination(matched[doc]!, words.length);
        scores[doc] = 0;
        matched[doc] = 0;
        lastWord[doc] = -1;
        if (doc !== named && (!accept || accept(doc))) hits.push({ doc, score });
      }
      hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
      if (named !== undefined && (!accept || accept(named))) hits.unshift({ doc: named, score: Infinity });
      return hits.slice(0, limit);
    },
  };
}
