import {
  BrokenCircuitError,
  ConsecutiveBreaker,
  DelegateBackoff,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  retry,
  timeout,
  type CircuitBreakerPolicy,
  type RetryPolicy,
  type TimeoutPolicy,
} from 'cockatiel';
import { UpstreamError } from './upstream-error.ts';

export interface RetryOptions {
  /** Retries after the first attempt. */
  retries?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the call fails and says when to retry. */
  maxRetryAfterMs?: number;
}

export interface BreakerOptions {
  /** Consecutive failed attempts that open the circuit. */
  consecutiveFailures?: number;
  /** How long the circuit stays open before one trial request is let through. */
  halfOpenAfterMs?: number;
}

export interface Policies {
  retry: RetryPolicy;
  breaker: CircuitBreakerPolicy;
  timeout: TimeoutPolicy;
  halfOpenAfterMs: number;
}

/** Whether the retry policy should try again after this failure. */
export function shouldRetry(error: unknown, maxRetryAfterMs: number): boolean {
  if (!(error instanceof UpstreamError) || !error.isRetryable) return false;
  return error.retryAfterMs === undefined || error.retryAfterMs <= maxRetryAfterMs;
}

/**
 * Delay before the next attempt: what the upstream asked for in `Retry-After` (already known
 * to be under the cap), otherwise exponential backoff with full jitter, so replicas that
 * failed together do not retry together.
 */
export function nextDelay(error: unknown, attempt: number, options: Required<Pick<RetryOptions, 'initialDelayMs' | 'maxDelayMs'>>): number {
  if (error instanceof UpstreamError && error.retryAfterMs !== undefined) return error.retryAfterMs;
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/**
 * The resilience policies of one upstream, from cockatiel: a maintained library whose retry,
 * circuit breaker and timeout compose and are tested far beyond what we would write here.
 */
export function createPolicies(timeoutMs: number, retryOptions: RetryOptions = {}, breakerOptions: BreakerOptions = {}): Policies {
  const maxRetryAfterMs = retryOptions.maxRetryAfterMs ?? 3000;
  const delays = { initialDelayMs: retryOptions.initialDelayMs ?? 200, maxDelayMs: retryOptions.maxDelayMs ?? 2000 };
  const retryPolicy = retry(
    handleWhen((error) => shouldRetry(error, maxRetryAfterMs)),
    {
      maxAttempts: retryOptions.retries ?? 2,
      backoff: new DelegateBackoff((context) => nextDelay('error' in context.result ? context.result.error : undefined, context.attempt, delays)),
    },
  );
  const halfOpenAfterMs = breakerOptions.halfOpenAfterMs ?? 30_000;
  const breaker = circuitBreaker(
    handleWhen((error) => error instanceof UpstreamError && error.countsAsFailure),
    { halfOpenAfter: halfOpenAfterMs, breaker: new ConsecutiveBreaker(breakerOptions.consecutiveFailures ?? 5) },
  );
  // Cooperative: the attempt's AbortSignal cancels the HTTP request, and the attempt itself
  // reports the timeout as an UpstreamError.
  return { retry: retryPolicy, breaker, timeout: timeout(timeoutMs, TimeoutStrategy.Cooperative), halfOpenAfterMs };
}

export const isBrokenCircuit = (error: unknown): error is BrokenCircuitError => error instanceof BrokenCircuitError;
