import { setTimeout as sleep } from 'node:timers/promises';

/** Named figures of one run: durations in ms, or a short result. */
export type Phases = Record<string, number | string>;

/** Runs `work`, recording how long it took under `phase` (even when it fails). */
export async function timed<T>(phases: Phases, phase: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    phases[phase] = Math.round(performance.now() - started);
  }
}

/** Polls until `check` holds (bounded: `timeoutMs`), returning the value that passed. */
export async function until<T>(what: string, probe: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch((error: Error) => error as T);
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still not true after ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await sleep(500);
  }
}

export function isJson(line: string): boolean {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
}
