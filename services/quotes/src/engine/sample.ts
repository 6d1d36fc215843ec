/** A source of uniform numbers in [0, 1), injected so tests can seed it. */
export type RandomSource = () => number;

/**
 * `k` distinct positions out of `n`, each k-subset and each order equally likely. For the small
 * k of random_quote (≤ 10) rejection is O(k) expected; when k reaches n it is a Fisher–Yates shuffle.
 */
export function samplePositions(n: number, k: number, random: RandomSource): number[] {
  // One of several, the usual call: one draw, no set or shuffle (the same draw the loop below makes).
  if (k === 1 && n >= 1) return [n === 1 ? 0 : Math.floor(random() * n)];
  if (k >= n) {
    const all = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    return all;
  }
  if (k * 2 > n) return samplePositions(n, n, random).slice(0, k);
  const chosen = new Set<number>();
  const order: number[] = [];
  while (order.length < k) {
    const pick = Math.floor(random() * n);
    if (chosen.has(pick)) continue;
    chosen.add(pick);
    order.push(pick);
  }
  return order;
}
