/**
 * The positions of the `k` best candidates, best first: higher `keys[i]` first, then lower
 * `tieRank[docs[i]]` (so equal keys always come back in the same order). A bounded binary heap
 * keeps the worst of the current best at its root, so a page out of 100,000 matches costs
 * n·log k rather than a full sort.
 */
export function topK(docs: Int32Array, keys: Float32Array | Float64Array, k: number, tieRank: Int32Array): number[] {
  const count = docs.length;
  const size = Math.min(k, count);
  if (size <= 0) return [];
  const heap = new Int32Array(size);
  // `a` ranks below `b`.
  const worse = (a: number, b: number) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    return ka !== kb ? ka < kb : tieRank[docs[a]!]! > tieRank[docs[b]!]!;
  };
  const siftDown = (length: number) => {
    let at = 0;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let worst = at;
      if (left < length && worse(heap[left]!, heap[worst]!)) worst = left;
      if (right < length && worse(heap[right]!, heap[worst]!)) worst = right;
      if (worst === at) return;
      const swap = heap[at]!;
      heap[at] = heap[worst]!;
      heap[worst] = swap;
      at = worst;
    }
  };
  for (let i = 0; i < size; i += 1) {
    let at = i;
    heap[at] = i;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!worse(heap[at]!, heap[parent]!)) break;
      const swap = heap[at]!;
      heap[at] = heap[parent]!;
      heap[parent] = swap;
      at = parent;
    }
  }
  // Most candidates fall below the current k-th best: compare keys inline before anything else.
  let floor = keys[heap[0]!]!;
  for (let i = size; i < count; i += 1) {
    const key = keys[i]!;
    if (key < floor) continue;
    if (worse(heap[0]!, i)) {
      heap[0] = i;
      siftDown(size);
      floor = keys[heap[0]!]!;
    }
  }
  return Array.from(heap).sort((a, b) => (worse(b, a) ? -1 : worse(a, b) ? 1 : 0));
}
