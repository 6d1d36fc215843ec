import autocannon from 'autocannon';
import type { BenchRequest } from './scenarios.ts';

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  /** Everything that was not a 2xx answer, plus connection errors and timeouts. */
  failures: number;
}

function fire(url: string, request: BenchRequest, connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, method: 'POST', headers: request.headers, body: request.body, connections, duration: seconds });
}

/**
 * Warms the server up (JIT, pools, caches; figures discarded), then measures. Requests per
 * second are completed responses over the measured wall time, not autocannon's per-second mean.
 */
export async function measure(url: string, request: BenchRequest, settings: LoadSettings): Promise<LoadFigures> {
  if (settings.warmupSeconds > 0) await fire(url, request, settings.connections, settings.warmupSeconds);
  const result = await fire(url, request, settings.connections, settings.durationSeconds);
  return {
    requestsPerSecond: result.requests.total / result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
