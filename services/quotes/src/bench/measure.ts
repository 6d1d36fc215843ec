export interface Timing {
  p50: number;
  p99: number;
  calls: number;
}

/** Awaits `task` over the inputs round-robin for `calls` calls (after a warm-up) and gives percentiles in ms. */
export async function measure<T>(inputs: T[], calls: number, task: (input: T) => unknown): Promise<Timing> {
  for (let i = 0; i < Math.min(calls, 2_000); i += 1) await task(inputs[i % inputs.length]!);
  // Garbage left by an earlier phase is collected now, not inside this one's samples
  // (node --expose-gc, as the bench script runs).
  globalThis.gc?.();
  const samples = new Float64Array(calls);
  for (let i = 0; i < calls; i += 1) {
    const start = performance.now();
    await task(inputs[i % inputs.length]!);
    samples[i] = performance.now() - start;
  }
  samples.sort();
  return { p50: samples[Math.floor(calls * 0.5)]!, p99: samples[Math.floor(calls * 0.99)]!, calls };
}

export const ms = (value: number) => (value < 0.01 ? `${(value * 1000).toFixed(1)} µs` : `${value.toFixed(3)} ms`);
