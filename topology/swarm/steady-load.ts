/** One call of the stream: its request id (phase-index) and whether it was answered right. */
export interface CallOutcome {
  id: string;
  phase: string;
  ok: boolean;
  error?: string;
}

export interface SteadyLoad {
  /** Calls started from now on are counted under `phase` (their request ids start with it). */
  phase(name: string): void;
  /** Outcomes so far (completed calls). */
  outcomes(): readonly CallOutcome[];
  /** Stops starting calls and waits for those in flight; every outcome. */
  stop(): Promise<CallOutcome[]>;
}

/**
 * A steady stream of calls, `concurrency` at a time, while a test changes things under it. It
 * ends when stopped or after `maxCalls` (a bounded loop: it always ends).
 */
export function startSteadyLoad(options: { phase: string; concurrency: number; maxCalls: number; call(id: string): Promise<{ ok: boolean; error?: string }> }): SteadyLoad {
  const done: CallOutcome[] = [];
  let phase = options.phase;
  let started = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && started < options.maxCalls) {
      const current = phase;
      const id = `${current}-${started}`;
      started += 1;
      try {
        done.push({ id, phase: current, ...(await options.call(id)) });
      } catch (error) {
        done.push({ id, phase: current, ok: false, error: (error as Error).message });
      }
    }
  };
  const workers = Promise.all(Array.from({ length: options.concurrency }, worker));
  return {
    phase: (name) => {
      phase = name;
    },
    outcomes: () => done,
    async stop() {
      stopped = true;
      await workers;
      return done;
    },
  };
}

/** Calls per phase and the failed ones, with a line for the run's report. */
export function summarize(outcomes: readonly CallOutcome[]): { failed: CallOutcome[]; perPhase: Map<string, number>; line: string } {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const perPhase = new Map<string, number>();
  for (const outcome of outcomes) perPhase.set(outcome.phase, (perPhase.get(outcome.phase) ?? 0) + 1);
  const line = `${outcomes.length} calls, ${failed.length} failed (${[...perPhase].map(([phase, count]) => `${phase} ${count}`).join(', ')})`;
  return { failed, perPhase, line };
}
