import autocannon from 'autocannon';
import type { BenchRequest } from './scenarios.ts';

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  /** Measured time per server, split into `rounds` runs. */
  durationSeconds: number;
  rounds: number;
  /** Requests per second offered in total for the fixed-load run (0: none). */
  fixedRate?: number;
  fixedSeconds?: number;
}

/** One autocannon run against one server. */
export interface RoundFigures {
  requests: number;
  seconds: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  failures: number;
  cpuMicros?: number;
}

export interface LoadFigures {
  /** Completed responses over measured wall time, all rounds together. */
  requestsPerSecond: number;
  /** Slowest and fastest round, to show the spread on a busy machine. */
  roundRequestsPerSecond: { min: number; max: number };
  /** Medians over the rounds. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  /** Everything that was not a 2xx answer, plus connection errors and timeouts. */
  failures: number;
  /** Server CPU time per request during the measured runs (user + system), when the server reports it. */
  cpuMicrosPerRequest?: number;
}

/** The server's CPU clock in microseconds, read before and after each measured run. */
export type CpuClock = () => Promise<number>;

function fire(url: string, request: BenchRequest, connections: number, seconds: number, overallRate?: number): Promise<autocannon.Result> {
  return autocannon({ url, method: 'POST', headers: request.headers, body: request.body, connections, duration: seconds, ...(overallRate ? { overallRate } : {}) });
}

/** Lets the server's JIT, pools and caches settle; the figures are discarded. */
export async function warmUp(url: string, request: BenchRequest, settings: LoadSettings, cpuClock?: CpuClock): Promise<void> {
  if (settings.warmupSeconds > 0) await fire(url, request, settings.connections, settings.warmupSeconds);
  if (cpuClock) await settle(cpuClock);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server has finished the work a run left behind: when autocannon stops, a slow
 * server still holds a backlog of requests (the SDK's p99 is around a second), and it must not
 * spend it on the CPU while the next server is measured. Idle = under 5% of a core over 100 ms.
 */
export async function settle(cpuClock: CpuClock, maxMs = 5_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let before = await cpuClock();
  while (Date.now() < deadline) {
    await sleep(100);
    const now = await cpuClock();
    if (now - before < 5_000) return;
    before = now;
  }
}

/**
 * One run against one server: as fast as it answers (saturation), or at `overallRate` requests
 * per second offered in total (a fixed load, where latency says more than throughput).
 */
export async function measureRound(url: string, request: BenchRequest, connections: number, seconds: number, cpuClock?: CpuClock, overallRate?: number): Promise<RoundFigures> {
  const cpuBefore = await cpuClock?.();
  const result = await fire(url, request, connections, seconds, overallRate);
  // Read after the backlog is done, so the CPU the run caused is all counted.
  if (cpuClock) await settle(cpuClock);
  const cpuAfter = await cpuClock?.();
  return {
    requests: result.requests.total,
    seconds: result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    ...(cpuBefore === undefined || cpuAfter === undefined ? {} : { cpuMicros: cpuAfter - cpuBefore }),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarize(rounds: RoundFigures[]): LoadFigures {
  const sum = (pick: (round: RoundFigures) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  const requests = sum((round) => round.requests);
  const rates = rounds.map((round) => round.requests / round.seconds);
  const cpuKnown = rounds.every((round) => round.cpuMicros !== undefined);
  return {
    requestsPerSecond: requests / sum((round) => round.seconds),
    roundRequestsPerSecond: { min: Math.min(...rates), max: Math.max(...rates) },
    latencyP50Ms: median(rounds.map((round) => round.latencyP50Ms)),
    latencyP99Ms: median(rounds.map((round) => round.latencyP99Ms)),
    requests,
    failures: sum((round) => round.failures),
    ...(cpuKnown && requests > 0 ? { cpuMicrosPerRequest: sum((round) => round.cpuMicros!) / requests } : {}),
  };
}

/** Warm-up, then every round, against one server. */
export async function measure(url: string, request: BenchRequest, settings: LoadSettings, cpuClock?: CpuClock): Promise<LoadFigures> {
  await warmUp(url, request, settings, cpuClock);
  const rounds: RoundFigures[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    rounds.push(await measureRound(url, request, settings.connections, settings.durationSeconds / settings.rounds, cpuClock));
  }
  return summarize(rounds);
}
