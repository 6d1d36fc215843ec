/**
 * Words two sequences share, counted with repeats (a multiset intersection): an upper bound on
 * how well they align, since every word outside it costs at least one edit. Checked before the
 * quadratic alignment, it rules most candidates out in linear time. Counts live in one array
 * per index (a slot per term, made on first use), set for the text and cleared after it.
 */
export function createOverlapCounter(termCount: number) {
  let counts: Int32Array | undefined;
  let loaded: Int32Array = new Int32Array(0);
  let taken = new Int32Array(64);
  return {
    /** Sets the text whose overlap `common` measures (ids below 0, words the index lacks, match nothing). */
    load(text: Int32Array): void {
      counts ??= new Int32Array(termCount);
      for (const id of loaded) if (id >= 0) counts[id] = 0;
      loaded = text;
      for (const id of text) if (id >= 0) counts[id]! += 1;
    },
    /** Words of `words` the loaded text holds, each text word used at most once. */
    common(words: Int32Array): number {
      if (taken.length < words.length) taken = new Int32Array(words.length);
      let shared = 0;
      for (let i = 0; i < words.length; i += 1) {
        const id = words[i]!;
        if (counts![id]! > 0) {
          counts![id]! -= 1;
          taken[shared++] = id;
        }
      }
      for (let i = 0; i < shared; i += 1) counts![taken[i]!]! += 1;
      return shared;
    },
  };
}
