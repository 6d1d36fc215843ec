import { performance } from 'node:perf_hooks';
import type { BreakerState, UpstreamAttempt, UpstreamAttemptScope, UpstreamObserver, UpstreamOutcome } from '@toolgate/core';
import { CircuitState, type CircuitBreakerPolicy } from 'cockatiel';
import { UpstreamError } from './upstream-error.ts';

const STATES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half_open',
  [CircuitState.Isolated]: 'isolated',
};

export const breakerStateOf = (state: CircuitState): BreakerState => STATES[state];

/** How an attempt that threw ended: the error's own kind, or what its status says. */
export function outcomeOf(error: unknown, callerSignal: AbortSignal | undefined): UpstreamOutcome {
  if (callerSignal?.aborted) return 'cancelled';
  if (!(error instanceof UpstreamError)) return 'cancelled';
  if (error.kind) return error.kind;
  const status = error.statusCode;
  if (status === undefined) return 'unreachable';
  return status === 429 ? 'rate_limited' : status >= 500 ? 'server_error' : status >= 400 ? 'client_error' : 'invalid_response';
}

export interface ObservedAttempt {
  /** Headers the observer adds to this attempt's request. */
  headers: Record<string, string> | undefined;
  /** Called by the request as soon as the status is known (a body that then fails its checks keeps it). */
  onStatus(statusCode: number): void;
  succeeded(): void;
  failed(error: unknown): void;
}

/** Tells the observer an attempt starts, and returns how to tell it the attempt's end (once). */
export function observeAttempt(
  observer: UpstreamObserver,
  attempt: UpstreamAttempt,
  breaker: CircuitBreakerPolicy,
  callerSignal: AbortSignal | undefined,
): ObservedAttempt | undefined {
  const scope: UpstreamAttemptScope | undefined = observer.attemptStarted?.(attempt);
  if (!scope) return undefined;
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let status: number | undefined;
  const withStatus = (code: number | undefined) => (code === undefined ? {} : { statusCode: code });
  return {
    headers: scope.headers,
    onStatus: (code) => {
      status = code;
    },
    succeeded: () => scope.end({ outcome: 'success', ...withStatus(status), seconds: seconds(), breakerState: breakerStateOf(breaker.state) }),
    failed: (error) =>
      scope.end({
        outcome: outcomeOf(error, callerSignal),
        ...withStatus(error instanceof UpstreamError && error.statusCode !== undefined ? error.statusCode : status),
        seconds: seconds(),
        breakerState: breakerStateOf(breaker.state),
        ...(error instanceof Error ? { error } : {}),
      }),
  };
}
