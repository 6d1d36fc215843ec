import { analyse, tokenize } from '@toolgate/text-analysis';
import type { Quote } from '../corpus/quote.ts';
import { FIELD_COUNT, type InvertedIndex } from '../search/inverted-index.ts';
import { claimMatcher } from './author-claim.ts';
import { candidateFinder, type CandidateSource } from './candidates.ts';
import { containedSimilarity, wordSimilarity } from './word-alignment.ts';
import { createOverlapCounter } from './word-overlap.ts';

/** At least this similar: the corpus has the text (a word in ten may differ). */
export const SAME_QUOTE = 0.9;
/** At least this similar, below SAME_QUOTE: a close match (a near wording of a corpus quote). */
export const CLOSE_QUOTE = 0.6;
/** A text or quote this many words long or more may match as a part of the other (at SAME_QUOTE or above). */
export const MIN_PART_WORDS = 6;
/** Candidates aligned word by word, the most promising by their shared words. */
const ALIGNED = 32;
const ALSO_MATCHING = 4;

export type Verdict = 'verified' | 'misattributed' | 'close_match' | 'no_match';
/** `full`: the text is the quote; `excerpt`: the text is part of the quote; `embedded`: the quote is part of the text. */
export type MatchKind = 'full' | 'excerpt' | 'embedded';

export interface AttributionMatch {
  quote: Quote;
  similarity: number;
  kind: MatchKind;
  /** Whether the claimed author names this quote's author; null when no author was claimed. */
  by_claimed_author: boolean | null;
}

export interface Attribution {
  verdict: Verdict;
  match: AttributionMatch | null;
  /** Other quotes at least CLOSE_QUOTE similar (another attribution of the same words, say), best first. */
  also_matching: AttributionMatch[];
}

/**
 * The text's words as the index's term ids (folded and stemmed as indexed: punctuation, case,
 * accents and inflections ignored); a word the index lacks gets its own negative id.
 */
function termSequence(index: InvertedIndex, words: string[]): Int32Array {
  const unknown = new Map<string, number>();
  return Int32Array.from(words, (word) => {
    const id = index.termIds.get(word);
    if (id !== undefined) return id;
    if (!unknown.has(word)) unknown.set(word, -1 - unknown.size);
    return unknown.get(word)!;
  });
}

const quoteLength = (index: InvertedIndex, doc: number) => index.fieldStart[doc * FIELD_COUNT + 1]! - index.fieldStart[doc * FIELD_COUNT]!;
/** Whether texts of these lengths can match whole (at CLOSE_QUOTE), or one as a part of the other. */
const lengthsAllow = (a: number, b: number, wholeOnly: boolean) =>
  Math.min(a, b) >= CLOSE_QUOTE * Math.max(a, b) || (!wholeOnly && Math.min(a, b) >= MIN_PART_WORDS && a !== b);

/** A quote's text as indexed: its content field's term ids, straight from the index. */
const contentTerms = (index: InvertedIndex, doc: number) =>
  index.tokens.subarray(index.fieldStart[doc * FIELD_COUNT]!, index.fieldStart[doc * FIELD_COUNT + 1]!);

/**
 * The best similarity a quote sharing `common` words with the text could reach (every other word
 * costs at least one edit), and whether it could match as a part. Cheap: it picks what to align.
 */
function bound(textLength: number, quoteLength: number, common: number): { reach: number; partPossible: boolean } {
  const shorter = Math.min(textLength, quoteLength);
  const longer = Math.max(textLength, quoteLength);
  const partPossible = shorter >= MIN_PART_WORDS && shorter < longer && common / shorter >= SAME_QUOTE;
  return { reach: partPossible ? common / shorter : common / longer, partPossible };
}

/** The match of a text with a quote, by word alignment. */
function score(text: Int32Array, words: Int32Array, partPossible: boolean, quote: Quote, byClaimed: ((slug: string) => boolean) | undefined): AttributionMatch {
  let similarity = wordSimilarity(text, words);
  let kind: MatchKind = 'full';
  if (similarity < 1 && partPossible) {
    // A part counts only when nearly exact: six words found loosely inside a long quote are noise.
    const textIsShorter = text.length < words.length;
    const part = textIsShorter ? containedSimilarity(text, words) : containedSimilarity(words, text);
    if (part >= SAME_QUOTE && part > similarity) {
      similarity = part;
      kind = textIsShorter ? 'excerpt' : 'embedded';
    }
  }
  return { quote, similarity: Math.round(similarity * 1000) / 1000, kind, by_claimed_author: byClaimed ? byClaimed(quote.author_slug) : null };
}

const KIND_ORDER: Record<MatchKind, number> = { full: 0, excerpt: 1, embedded: 2 };

/**
 * Best first: a quote the text is (whole or in part) before one merely inside the text, when
 * both are the same quote (the corpus may hold a saying alone and within a longer passage);
 * then similarity, then the fuller kind, then the claimed author's.
 */
const tier = (match: AttributionMatch) => (match.similarity < SAME_QUOTE ? 2 : match.kind === 'embedded' ? 1 : 0);
const better = (exact: Set<AttributionMatch>) => (a: AttributionMatch, b: AttributionMatch) =>
  tier(a) - tier(b) ||
  b.similarity - a.similarity ||
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
  Number(exact.has(b)) - Number(exact.has(a)) ||
  Number(b.by_claimed_author) - Number(a.by_claimed_author);

const surface = (text: string) => tokenize(text).join(' ');

/** Stems make "enjoyed" and "enjoy" one word: among equal matches, the one with the very words wins. */
function exactMatches(text: string, matches: AttributionMatch[]): Set<AttributionMatch> {
  const perfect = matches.filter((match) => match.similarity === 1);
  if (perfect.length < 2) return new Set();
  const words = surface(text);
  return new Set(perfect.filter((match) => surface(match.quote.content) === words));
}

/**
 * Checks a text (and a claimed author) against the corpus: candidates from the index, each
 * scored on its words. Among the best-tier quotes the corpus has (SAME_QUOTE), one by the claimed
 * author wins (verified); else the best (misattributed); below that, the closest (close_match).
 */
export function createAttributionChecker(
  index: InvertedIndex,
  quotes: Quote[],
  tieRank: Int32Array,
  // Injectable so a test can score every quote and compare: the index must miss none that matter.
  candidates: CandidateSource = candidateFinder(index),
) {
  const overlap = createOverlapCounter(index.termIds.size);
  return (text: string, claim?: string): Attribution => {
    const words = analyse(text);
    const sequence = termSequence(index, words);
    overlap.load(sequence);
    const byClaimed = claim === undefined ? undefined : claimMatcher(claim);
    // Candidates for `share`; each one's bound (linear), then the alignment (quadratic) for the best few that can reach a close match.
    const matchesFor = (share: number): AttributionMatch[] => {
      const hopeful: { doc: number; reach: number; partPossible: boolean }[] = [];
      const found = candidates(words, share);
      // Parts count only at SAME_QUOTE, which the first pass finds: the second looks for whole
      // quotes. Length alone rules many out (no quote 3 words long is 60% of 10), before any counting.
      const wholeOnly = share < SAME_QUOTE;
      for (let i = 0; i < found.length; i += 1) {
        const doc = found[i]!;
        if (!lengthsAllow(sequence.length, quoteLength(index, doc), wholeOnly)) continue;
        const quoteWords = contentTerms(index, doc);
        const { reach, partPossible } = bound(sequence.length, quoteWords.length, overlap.common(quoteWords));
        if (reach >= CLOSE_QUOTE) hopeful.push({ doc, reach, partPossible });
      }
      hopeful.sort((a, b) => b.reach - a.reach || tieRank[a.doc]! - tieRank[b.doc]!);
      return hopeful
        .slice(0, ALIGNED)
        .map(({ doc, partPossible }) => score(sequence, contentTerms(index, doc), partPossible, quotes[doc]!, byClaimed))
        .filter((match) => match.similarity >= CLOSE_QUOTE);
    };
    // The quotes the corpus has (SAME_QUOTE) come from the few rarest words' postings; only when
    // none is found are the postings that could hold a close match walked (many more).
    let scored = matchesFor(SAME_QUOTE);
    if (!scored.some((match) => match.similarity >= SAME_QUOTE)) scored = matchesFor(CLOSE_QUOTE);
    scored.sort(better(exactMatches(text, scored)));
    const best = scored[0];
    const match = (best && scored.find((candidate) => candidate.by_claimed_author && tier(candidate) === tier(best) && tier(best) < 2)) ?? best;
    if (!match) return { verdict: 'no_match', match: null, also_matching: [] };
    const verdict: Verdict = match.similarity < SAME_QUOTE ? 'close_match' : match.by_claimed_author === false ? 'misattributed' : 'verified';
    return { verdict, match, also_matching: scored.filter((other) => other !== match).slice(0, ALSO_MATCHING) };
  };
}
