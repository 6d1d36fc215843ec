export interface Latency {
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /** p99 of each sample's least time over REPEATS back-to-back runs: what is left when the time the OS gave other processes is filtered out. */
  p99BestOfRepeats: number;
}

/** Back-to-back runs of one input per sample, for p99BestOfRepeats. */
export const REPEATS = 5;

const percentile = (sorted: Float64Array, share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

/**
 * Durations (milliseconds) of `run` over `inputs`, `rounds` times each, after one warm-up round:
 * each sample is REPEATS runs of the same input back to back; its first run's time is the
 * sample's (p50, p99, max), and the least of them is kept for p99BestOfRepeats.
 */
export async function measureLatency<T>(inputs: readonly T[], rounds: number, run: (input: T) => unknown): Promise<Latency> {
  for (const input of inputs) await run(input);
  const first = new Float64Array(inputs.length * rounds);
  const best = new Float64Array(inputs.length * rounds);
  let at = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const input of inputs) {
      let least = Infinity;
      for (let repeat = 0; repeat < REPEATS; repeat += 1) {
        const started = performance.now();
        await run(input);
        const took = performance.now() - started;
        if (repeat === 0) first[at] = took;
        least = Math.min(least, took);
      }
      best[at++] = least;
    }
  }
  first.sort();
  best.sort();
  return { samples: first.length, p50: percentile(first, 0.5), p99: percentile(first, 0.99), max: first[first.length - 1]!, p99BestOfRepeats: percentile(best, 0.99) };
}
