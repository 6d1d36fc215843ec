/**
 * Typo tolerance as Meilisearch sets it by default: a query word of 5 letters or more may differ
 * from an indexed word by one typo, one of 9 or more by two. A typo is a letter inserted, deleted,
 * replaced, or two neighbours swapped (optimal string alignment distance). Words with digits
 * never match by typo (`1990` is not `1991`).
 */
export const ONE_TYPO_MIN_LENGTH = 5;
export const TWO_TYPOS_MIN_LENGTH = 9;

/** No English word is longer; a longer one would cost a lookup quadratic in its length (a query may be 500 characters). */
export const MAX_TYPO_WORD_LENGTH = 32;

export function typosAllowed(word: string): number {
  if (/\d/.test(word) || word.length > MAX_TYPO_WORD_LENGTH) return 0;
  if (word.length >= TWO_TYPOS_MIN_LENGTH) return 2;
  return word.length >= ONE_TYPO_MIN_LENGTH ? 1 : 0;
}

export interface NearWord {
  word: number;
  typos: number;
}

export interface TypoIndex {
  /** Indexed words 1 to `typosAllowed(word)` typos away from `word` (never the word itself). */
  near(word: string): NearWord[];
}

/** Calls `visit` with `word` and every string up to `depth` (1 or 2) deletions away from it (some more than once). */
function forEachDeletion(word: string, depth: number, visit: (deleted: string) => void): void {
  visit(word);
  for (let i = 0; i < word.length; i += 1) {
    const once = word.slice(0, i) + word.slice(i + 1);
    visit(once);
    if (depth === 2) for (let j = i; j < once.length; j += 1) visit(once.slice(0, j) + once.slice(j + 1));
  }
}

// Three rows of the distance table, reused: a lookup checks many words, and allocating rows for
// each would cost garbage collection pauses. Searches run one at a time.
const ROW = 64;
const rows = [new Int32Array(ROW + 1), new Int32Array(ROW + 1), new Int32Array(ROW + 1)] as const;

/** Optimal string alignment distance, or `limit + 1` as soon as it must exceed `limit`. */
export function typoDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const long = b.length > ROW;
  let before = long ? new Int32Array(b.length + 1) : rows[0];
  let previous = long ? new Int32Array(b.length + 1) : rows[1];
  let current = long ? new Int32Array(b.length + 1) : rows[2];
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  return previous[b.length]!;
}

/**
 * A deletion-neighbourhood index (the SymSpell idea): two words within k typos share a string at
 * most k deletions from each, so a lookup is a few dozen map reads and a distance check of the few
 * candidates, not a distance to every word. Only words a typo can reach are indexed: 4 letters or
 * more (a 5-letter query minus one), to depth 2 only from 7 letters (a 9-letter query minus two).
 */
export function buildTypoIndex(words: readonly string[]): TypoIndex {
  const byDeletion = new Map<string, number[]>();
  words.forEach((word, id) => {
    if (word.length < ONE_TYPO_MIN_LENGTH - 1 || /\d/.test(word)) return;
    forEachDeletion(word, word.length >= TWO_TYPOS_MIN_LENGTH - 2 ? 2 : 1, (deleted) => {
      const ids = byDeletion.get(deleted);
      if (!ids) byDeletion.set(deleted, [id]);
      else if (ids[ids.length - 1] !== id) ids.push(id);
    });
  });

  return {
    near(word) {
      const limit = typosAllowed(word);
      if (limit === 0) return [];
      const found = new Map<number, number>();
      forEachDeletion(word, limit, (deleted) => {
        const ids = byDeletion.get(deleted);
        if (ids) for (const id of ids) if (!found.has(id)) found.set(id, typoDistance(word, words[id]!, limit));
      });
      const near: NearWord[] = [];
      for (const [id, typos] of found) if (typos >= 1 && typos <= limit) near.push({ word: id, typos });
      return near;
    },
  };
}
