/** Restart delays: 250 ms, doubling, at most 30 s; a little jitter so replicas do not retry in step. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 250 * 2 ** Math.min(failures, 10));
  return Math.round(base * (0.8 + 0.4 * random()));
}
