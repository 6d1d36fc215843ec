import { ToolError, type UpstreamOutcome } from '@toolgate/core';

export interface UpstreamErrorDetails {
  /** Display name of the upstream: `Bandsintown`, `TheSportsDB`, … */
  upstream: string;
  /** The request URL with every secret replaced by `[redacted]`. */
  url?: string;
  statusCode?: number;
  /** True for failures worth another attempt: timeouts, resets, 5xx, 429. */
  isRetryable: boolean;
  /** A sanitised description of the underlying failure (never the raw HTTP error, which carries headers). */
  cause?: Error;
  /** From `Retry-After`, when the upstream sent one. */
  retryAfterMs?: number;
  /** Whether this failure says the upstream is unhealthy (counted by the circuit breaker). */
  countsAsFailure?: boolean;
  /** The parsed JSON body of an error answer, for a pack that knows its upstream's error codes. */
  body?: unknown;
  /** The upstream's own reason from that body, redacted and bounded. */
  upstreamMessage?: string;
  /** What kind of failure, as metrics and traces label it; read from the status when not given. */
  kind?: Exclude<UpstreamOutcome, 'success'>;
}

/**
 * Every failure of an upstream call. It is a ToolError, so a tool handler that lets it
 * propagate gives the caller an `isError` result whose message names the upstream and the cause.
 */
export class UpstreamError extends ToolError {
  override readonly name: string = 'UpstreamError';
  readonly upstream: string;
  readonly url: string | undefined;
  readonly statusCode: number | undefined;
  readonly isRetryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly countsAsFailure: boolean;
  readonly body: unknown;
  readonly upstreamMessage: string | undefined;
  readonly kind: Exclude<UpstreamOutcome, 'success'> | undefined;

  constructor(message: string, details: UpstreamErrorDetails) {
    super(`${details.upstream}: ${message}`, details.cause ? { cause: details.cause } : undefined);
    this.upstream = details.upstream;
    this.url = details.url;
    this.statusCode = details.statusCode;
    this.isRetryable = details.isRetryable;
    this.retryAfterMs = details.retryAfterMs;
    this.countsAsFailure = details.countsAsFailure ?? details.isRetryable;
    this.body = details.body;
    this.upstreamMessage = details.upstreamMessage;
    this.kind = details.kind;
  }
}
