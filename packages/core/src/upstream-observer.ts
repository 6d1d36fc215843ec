/**
 * The instrumentation hook of @toolgate/upstream, the one way out to the internet: metrics
 * (metrics.ts) and traces watch every upstream attempt, cache lookup and circuit breaker
 * through it. It lives here, not in @toolgate/upstream, so what implements it (in core) need not
 * depend on the client it watches.
 *
 * Contract:
 * - Optional and free when absent: a client given no observer does no extra work.
 * - Every method is called synchronously, inside the async context of the tool call that asked
 *   (AsyncLocalStorage sees the caller's store). A GET joined to another caller's in-flight
 *   request runs in the first caller's context; the joiner sees only its cache lookup.
 * - `attemptStarted` is called once per attempt (the first, then each retry), after the client's
 *   own rate budget let it through and before the circuit breaker is asked, including attempts
 *   the open breaker refuses (outcome `circuit_open`, nothing sent). It may return headers to
 *   add to that attempt's HTTP request (`traceparent`), and an `end` the client calls exactly
 *   once when the attempt is over, whatever the outcome.
 * - Nothing secret: `url` went through the client's redactor; `operation` is a label the pack
 *   chose (no ids, no keys), or the HTTP method; errors are UpstreamErrors (already redacted).
 * - An observer must not throw; the client does not guard against it.
 */

/** cockatiel's circuit states, as labels. `isolated`: held open by hand. */
export type BreakerState = 'closed' | 'open' | 'half_open' | 'isolated';

/**
 * How one attempt ended. `server_error`: 5xx; `client_error`: another 4xx than 429 (a 404 may be
 * an answer: "no such player"); `invalid_response`: a redirect, or a body that is not the JSON
 * the pack expects; `refused`: a success status whose body refuses the request.
 */
export type UpstreamOutcome =
  | 'success'
  | 'timeout'
  | 'unreachable'
  | 'rate_limited'
  | 'server_error'
  | 'client_error'
  | 'invalid_response'
  | 'refused'
  | 'circuit_open'
  | 'cancelled';

export interface UpstreamAttempt {
  /** The client's display name: `TheSportsDB`, `eth-mainnet JSON-RPC`, … */
  upstream: string;
  /** What was asked, in few values: `events`, `eth_call`, or the HTTP method when the pack named none. */
  operation: string;
  method: 'GET' | 'POST' | 'HEAD';
  /** The request URL with every secret replaced by `[redacted]`. */
  url: string;
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
  /** The breaker as the attempt found it. */
  breakerState: BreakerState;
}

export interface UpstreamAttemptResult {
  outcome: UpstreamOutcome;
  /** The HTTP status, when one came back. */
  statusCode?: number;
  /** From `attemptStarted` to the end of the attempt (response read and checked). */
  seconds: number;
  /** The breaker after the attempt (a failure may have opened it). */
  breakerState: BreakerState;
  /** The failure, when there was one; its message is redacted. */
  error?: Error;
}

export interface UpstreamAttemptScope {
  /** Added to the attempt's request headers (ignored when the breaker refuses the attempt). */
  headers?: Record<string, string>;
  end(result: UpstreamAttemptResult): void;
}

/** `coalesced`: joined a lookup already in flight for the same key. Nothing serves stale entries. */
export type CacheResult = 'hit' | 'miss' | 'coalesced';

/**
 * Requests to an upstream held back after it said when to come back (a 429, or a 503 with
 * Retry-After): by credential, and by route where the upstream limits per route.
 */
export interface UpstreamHold {
  upstream: string;
  /** A short hash of the key or token the requests carry (`none` without one): never the key. */
  credential: string;
  route?: string;
  /** Epoch ms: no request is sent before. */
  until: number;
  statusCode: number;
}

export interface UpstreamObserver {
  attemptStarted?(attempt: UpstreamAttempt): UpstreamAttemptScope | undefined;
  cacheLookedUp?(lookup: { cache: string; result: CacheResult }): void;
  breakerChanged?(change: { upstream: string; state: BreakerState }): void;
  /** A hold started or was learned from another replica (through Redis). */
  holdStarted?(hold: UpstreamHold): void;
}

/** One observer that tells each of several (metrics and traces, say); undefined when none is given. */
export function combineUpstreamObservers(...candidates: (UpstreamObserver | undefined)[]): UpstreamObserver | undefined {
  const observers = candidates.filter((observer): observer is UpstreamObserver => observer !== undefined);
  if (observers.length <= 1) return observers[0];
  return {
    attemptStarted(attempt) {
      const scopes = observers.flatMap((observer) => observer.attemptStarted?.(attempt) ?? []);
      if (scopes.length === 0) return undefined;
      const headers = Object.assign({}, ...scopes.map((scope) => scope.headers ?? {})) as Record<string, string>;
      return { headers, end: (result) => scopes.forEach((scope) => scope.end(result)) };
    },
    cacheLookedUp: (lookup) => observers.forEach((observer) => observer.cacheLookedUp?.(lookup)),
    breakerChanged: (change) => observers.forEach((observer) => observer.breakerChanged?.(change)),
    holdStarted: (hold) => observers.forEach((observer) => observer.holdStarted?.(hold)),
  };
}
