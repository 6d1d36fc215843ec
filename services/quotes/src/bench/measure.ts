export interface Timing {
  p50: number;
  p99: number;
  calls: number;
}

/** Awaits `task` over the inputs round-robin for `calls` calls (after a warm-up) and gives percentiles in ms. */
export async function measure<T>(inputs: T[], calls: number, task: (input: T) => unknown): Promise<Timing> {
  for (let i = 0; i < Math.min(calls, 2_000); i += 1) await task(inputs[i % inputs.length]!);
  const samples = new Float64Array(calls);
  for (let i = 0; i < calls; i += 1) {
    const start = process.hrtime.bigint();
    await task(inputs[i % inputs.length]!);
    samples[i] = Number(process.hrtime.bigint() - start) / 1e6;
  }
  samples.sort();
  return { p50: samples[Math.floor(calls * 0.5)]!, p99: samples[Math.floor(calls * 0.99)]!, calls };
}

export const ms = (value: number) => (value < 0.01 ? `${(value * 1000).toFixed(1)} µs` : `${value.toFixed(3)} ms`);
