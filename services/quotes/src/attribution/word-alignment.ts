/** Words as strings, or as term ids. */
export type Sequence = ArrayLike<string> | ArrayLike<number>;

/**
 * Word-level edit distances (insert, delete or replace one word = 1), on two rows so a call
 * allocates two small arrays. With `free` ends, `pattern` may sit anywhere inside `text`
 * (semi-global alignment): the cost is that of the best-matching stretch of `text`.
 */
function editDistance(pattern: Sequence, text: Sequence, free: boolean): number {
  let previous = new Int32Array(text.length + 1);
  let current = new Int32Array(text.length + 1);
  for (let j = 0; j <= text.length; j += 1) previous[j] = free ? 0 : j;
  for (let i = 1; i <= pattern.length; i += 1) {
    current[0] = i;
    const word = pattern[i - 1];
    for (let j = 1; j <= text.length; j += 1) {
      let cost = previous[j - 1]! + (word === text[j - 1] ? 0 : 1);
      if (previous[j]! + 1 < cost) cost = previous[j]! + 1;
      if (current[j - 1]! + 1 < cost) cost = current[j - 1]! + 1;
      current[j] = cost;
    }
    const swap = previous;
    previous = current;
    current = swap;
  }
  if (!free) return previous[text.length]!;
  let best = previous[0]!;
  for (let j = 1; j <= text.length; j += 1) if (previous[j]! < best) best = previous[j]!;
  return best;
}

/** 1 for the same words in the same order, down to 0: one minus the edits per word of the longer side. */
export function wordSimilarity(a: Sequence, b: Sequence): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - editDistance(a, b, false) / longer;
}

/** How well the shorter side appears within the longer: one minus the edits per word of the shorter side. */
export function containedSimilarity(shorter: Sequence, longer: Sequence): number {
  return shorter.length === 0 ? 0 : 1 - editDistance(shorter, longer, true) / shorter.length;
}
