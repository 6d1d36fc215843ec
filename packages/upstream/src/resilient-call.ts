import type { Logger } from '@toolgate/core';
import { isBrokenCircuit, type Policies } from './policies.ts';
import type { RequestLimiter } from './request-limiter.ts';
import { UpstreamError } from './upstream-error.ts';

export interface ResilientCallOptions {
  upstream: string;
  policies: Policies;
  /** When the circuit last opened (for "retry in N s"). */
  openedAt: () => number;
  limiter?: RequestLimiter;
  logger?: Logger;
}

/**
 * Runs one logical request through retries, the circuit breaker and the per-attempt timeout
 * (outside in). `attempt` gets the attempt's AbortSignal, which also fires when the caller's
 * `signal` does. `shownUrl` is already redacted: it goes into errors and logs.
 */
export function runResilient<T>(
  options: ResilientCallOptions,
  shownUrl: string,
  attempt: (signal: AbortSignal) => Promise<T>,
  callerSignal?: AbortSignal,
): Promise<T> {
  const { policies, upstream } = options;
  return policies.retry.execute(async ({ attempt: number, signal: retrySignal }) => {
    await options.limiter?.take();
    try {
      return await policies.breaker.execute(
        ({ signal: breakerSignal }) => policies.timeout.execute(({ signal }) => attempt(signal), breakerSignal),
        retrySignal,
      );
    } catch (error) {
      if (isBrokenCircuit(error)) {
        const seconds = Math.max(1, Math.ceil((options.openedAt() + policies.halfOpenAfterMs - Date.now()) / 1000));
        throw new UpstreamError(`unavailable after repeated failures (circuit open: failing fast), retry in ${seconds} s`, {
          upstream, url: shownUrl, isRetryable: false, countsAsFailure: false, cause: new Error('circuit open'),
        });
      }
      if (error instanceof UpstreamError) {
        options.logger?.warn({ upstream, url: shownUrl, statusCode: error.statusCode, attempt: number, reason: error.message }, 'upstream attempt failed');
      }
      throw error;
    }
  }, callerSignal);
}
