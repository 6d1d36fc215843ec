import type { Logger, UpstreamObserver } from '@toolgate/core';
import type { HoldBack, HoldScope } from './hold-back.ts';
import { breakerStateOf, observeAttempt } from './observed-attempt.ts';
import { isBrokenCircuit, type Policies } from './policies.ts';
import type { RequestLimiter } from './request-limiter.ts';
import { UpstreamError } from './upstream-error.ts';

export interface ResilientCallOptions {
  upstream: string;
  policies: Policies;
  /** When the circuit last opened (for "retry in N s"). */
  openedAt: () => number;
  limiter?: RequestLimiter;
  /** Requests held back after the upstream said when to come back (hold-back.ts). */
  holds?: HoldBack;
  logger?: Logger;
  observer?: UpstreamObserver;
}

/** One logical request as errors, logs and the observer see it. */
export interface ResilientRequest {
  /** Already redacted: it goes into errors and logs. */
  shownUrl: string;
  method: 'GET' | 'POST' | 'HEAD';
  /** The pack's label for what is asked (no ids, no keys); the method when it gave none. */
  operation?: string;
  /** Whose requests a hold-back covers: the credential this request carries, and its route where holds are per route. */
  scope?: HoldScope;
}

/** What one attempt is given: its AbortSignal, the observer's extra headers, where to report the status. */
export interface AttemptContext {
  signal: AbortSignal;
  headers?: Record<string, string>;
  onStatus?: (status: number) => void;
}

/**
 * Runs one logical request through retries, the circuit breaker and the per-attempt timeout
 * (outside in). `attempt` gets the attempt's AbortSignal, which also fires when the caller's
 * `signal` does. The observer (if any) hears of every attempt, refused ones included.
 */
export async function runResilient<T>(
  options: ResilientCallOptions,
  request: ResilientRequest,
  attempt: (context: AttemptContext) => Promise<T>,
  callerSignal?: AbortSignal,
): Promise<T> {
  const { policies, upstream, observer, holds } = options;
  const { shownUrl, scope } = request;
  // Before anything is spent or sent: the upstream said when to come back.
  if (holds && scope) await holds.check(scope);
  return policies.retry.execute(async ({ attempt: retries, signal: retrySignal }) => {
    await options.limiter?.take();
    const observed = observer
      ? observeAttempt(
          observer,
          { upstream, operation: request.operation ?? request.method, method: request.method, url: shownUrl, attempt: retries + 1, breakerState: breakerStateOf(policies.breaker.state) },
          policies.breaker,
          callerSignal,
        )
      : undefined;
    try {
      const value = await policies.breaker.execute(
        ({ signal: breakerSignal }) =>
          policies.timeout.execute(({ signal }) => attempt(observed ? { signal, headers: observed.headers, onStatus: observed.onStatus } : { signal }), breakerSignal),
        retrySignal,
      );
      observed?.succeeded();
      if (holds && scope) holds.succeeded(scope);
      return value;
    } catch (thrown) {
      const error = holds && scope ? await holds.record(scope, thrown) : thrown;
      if (isBrokenCircuit(error)) {
        const seconds = Math.max(1, Math.ceil((options.openedAt() + policies.halfOpenAfterMs - Date.now()) / 1000));
        const refused = new UpstreamError(`unavailable after repeated failures (circuit open: failing fast), retry in ${seconds} s`, {
          upstream, url: shownUrl, isRetryable: false, countsAsFailure: false, kind: 'circuit_open', cause: new Error('circuit open'),
        });
        observed?.failed(refused);
        throw refused;
      }
      observed?.failed(error);
      if (error instanceof UpstreamError) {
        options.logger?.warn({ upstream, url: shownUrl, statusCode: error.statusCode, attempt: retries, reason: error.message }, 'upstream attempt failed');
      }
      throw error;
    }
  }, callerSignal);
}
