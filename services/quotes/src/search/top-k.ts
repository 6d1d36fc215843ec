/**
 * The `k` best items by `better(a, b)` (true when `a` ranks before `b`), in rank order. A bounded
 * binary heap keeps the worst of the current best at its root, so a page from 100,000 matches
 * costs n·log k rather than a full sort.
 */
export function topK(items: ArrayLike<number>, count: number, k: number, better: (a: number, b: number) => boolean): number[] {
  const heap: number[] = [];
  const worse = (a: number, b: number) => better(b, a);
  const siftDown = (from: number) => {
    let at = from;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let worst = at;
      if (left < heap.length && worse(heap[left]!, heap[worst]!)) worst = left;
      if (right < heap.length && worse(heap[right]!, heap[worst]!)) worst = right;
      if (worst === at) return;
      [heap[at], heap[worst]] = [heap[worst]!, heap[at]!];
      at = worst;
    }
  };
  for (let i = 0; i < count && k > 0; i += 1) {
    const item = items[i]!;
    if (heap.length < k) {
      heap.push(item);
      let at = heap.length - 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!worse(heap[at]!, heap[parent]!)) break;
        [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
        at = parent;
      }
    } else if (better(item, heap[0]!)) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}
