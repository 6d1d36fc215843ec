import { Gauge, type Registry } from 'prom-client';
import { SeriesCounter, SeriesHistogram, type CounterSeries, type HistogramSeries } from './series.ts';
import type { BreakerState, UpstreamHold, UpstreamObserver, UpstreamOutcome } from './upstream-observer.ts';

const BREAKER_STATES: readonly BreakerState[] = ['closed', 'half_open', 'open', 'isolated'];

interface OperationSeries {
  seconds: HistogramSeries;
  retries: CounterSeries;
  /** By outcome, then by HTTP status (none: 0). */
  outcomes: Map<UpstreamOutcome, Map<number, CounterSeries>>;
}

interface UpstreamSeries {
  breaker: BreakerState;
  operations: Map<string, OperationSeries>;
}

/** The upstream observer metrics.ts keeps, with the holds in force (for /healthz). */
export interface UpstreamMetrics extends UpstreamObserver {
  /** Upstreams held back now, by credential (hashed) and route; ended holds are dropped. */
  heldBack(now?: number): UpstreamHold[];
}

/**
 * The Prometheus side of the upstream observer: attempts by outcome and status, their latency,
 * retries, cache lookups and each breaker's state. Series are resolved once per upstream and
 * operation (as metrics.ts does per pack and tool); an attempt then only adds numbers.
 */
export function createUpstreamMetrics(registry: Registry): UpstreamMetrics {
  const requests = new SeriesCounter({ name: 'toolgate_upstream_requests_total', help: 'Upstream request attempts (retries included) by upstream, operation, outcome and HTTP status', registry });
  const requestSeconds = new SeriesHistogram({
    name: 'toolgate_upstream_request_duration_seconds',
    help: 'Upstream attempt latency by upstream and operation (attempts the open breaker refused are not timed)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registry,
  });
  const retries = new SeriesCounter({ name: 'toolgate_upstream_retries_total', help: 'Upstream attempts after the first, by upstream and operation', registry });
  const lookups = new SeriesCounter({ name: 'toolgate_cache_lookups_total', help: 'Cache lookups by cache and result (hit, miss, coalesced: joined a lookup in flight)', registry });
  const upstreams = new Map<string, UpstreamSeries>();
  const caches = new Map<string, Map<string, CounterSeries>>();

  // Read at scrape time only: nothing on the request path. `max` across cluster workers: 1 when any worker's breaker is in that state.
  new Gauge({
    name: 'toolgate_upstream_breaker_state',
    help: "Each upstream's circuit breaker: 1 for the state it is in (closed, half_open, open, isolated), 0 for the others",
    labelNames: ['upstream', 'state'],
    registers: [registry],
    aggregator: 'max',
    collect() {
      for (const [upstream, series] of upstreams) {
        for (const state of BREAKER_STATES) this.set({ upstream, state }, series.breaker === state ? 1 : 0);
      }
    },
  });

  // Held-back scopes by upstream, credential and route: a handful per upstream and key.
  const holds = new Map<string, UpstreamHold>();
  const heldBack = (now = Date.now()): UpstreamHold[] => {
    for (const [key, hold] of holds) if (hold.until <= now) holds.delete(key);
    return [...holds.values()];
  };
  new Gauge({
    name: 'toolgate_upstream_held_back_until_seconds',
    help: 'Upstreams that said when to come back (429, or 503 with Retry-After): until when (Unix seconds) requests with that credential (a hash) and route are held back, none sent',
    labelNames: ['upstream', 'credential', 'route', 'status'],
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.reset();
      for (const hold of heldBack()) this.set({ upstream: hold.upstream, credential: hold.credential, route: hold.route ?? '', status: String(hold.statusCode) }, hold.until / 1000);
    },
  });

  const upstreamSeries = (upstream: string): UpstreamSeries => {
    let series = upstreams.get(upstream);
    if (!series) upstreams.set(upstream, (series = { breaker: 'closed', operations: new Map() }));
    return series;
  };
  const operationSeries = (of: UpstreamSeries, upstream: string, operation: string): OperationSeries => {
    let series = of.operations.get(operation);
    if (!series) {
      series = { seconds: requestSeconds.series({ upstream, operation }), retries: retries.series({ upstream, operation }), outcomes: new Map() };
      of.operations.set(operation, series);
    }
    return series;
  };
  const outcomeSeries = (of: OperationSeries, upstream: string, operation: string, outcome: UpstreamOutcome, status: number): CounterSeries => {
    let byStatus = of.outcomes.get(outcome);
    if (!byStatus) of.outcomes.set(outcome, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) byStatus.set(status, (series = requests.series({ upstream, operation, outcome, status: status === 0 ? '' : String(status) })));
    return series;
  };

  return {
    attemptStarted(attempt) {
      const { upstream, operation } = attempt;
      const ofUpstream = upstreamSeries(upstream);
      ofUpstream.breaker = attempt.breakerState;
      const ofOperation = operationSeries(ofUpstream, upstream, operation);
      if (attempt.attempt > 1) ofOperation.retries.inc();
      return {
        end(result) {
          ofUpstream.breaker = result.breakerState;
          outcomeSeries(ofOperation, upstream, operation, result.outcome, result.statusCode ?? 0).inc();
          // Nothing was sent: timing it would pull the latency of a failing upstream towards zero.
          if (result.outcome !== 'circuit_open') ofOperation.seconds.observe(result.seconds);
        },
      };
    },
    cacheLookedUp({ cache, result }) {
      let byResult = caches.get(cache);
      if (!byResult) caches.set(cache, (byResult = new Map()));
      let series = byResult.get(result);
      if (!series) byResult.set(result, (series = lookups.series({ cache, result })));
      series.inc();
    },
    breakerChanged({ upstream, state }) {
      upstreamSeries(upstream).breaker = state;
    },
    holdStarted(hold) {
      holds.set(JSON.stringify([hold.upstream, hold.credential, hold.route ?? '']), hold);
    },
    heldBack,
  };
}
