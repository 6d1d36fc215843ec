import { createFallbackLimiter, type BoundedRedis } from '@toolgate/core/upstream';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { UpstreamError } from './upstream-error.ts';

/** Spends one unit of an upstream's request budget, or throws an UpstreamError saying when to retry. */
export interface RequestLimiter {
  take(): Promise<void>;
}

export interface RequestLimiterOptions {
  upstream: string;
  requestsPerMinute: number;
  /** Shared across replicas when given (in process while Redis is away); in process otherwise. */
  redis?: BoundedRedis;
  keyPrefix?: string;
}

/**
 * A client-side budget for upstreams that ban keys over their quota (TheSportsDB's free tier:
 * 30 requests a minute). rate-limiter-flexible counts in memory or in Redis with the same API,
 * so replicas behind a load balancer share one budget when Redis is configured.
 */
export function createRequestLimiter(options: RequestLimiterOptions): RequestLimiter {
  const keyPrefix = options.keyPrefix ?? `toolgate:limit:${options.upstream}`;
  const limiter = options.redis
    ? createFallbackLimiter({ redis: options.redis, points: options.requestsPerMinute, durationSeconds: 60, keyPrefix })
    : new RateLimiterMemory({ points: options.requestsPerMinute, duration: 60, keyPrefix });
  return {
    async take() {
      try {
        await limiter.consume('upstream', 1);
      } catch (rejection) {
        // A RateLimiterRes is a spent budget; anything else is a store failure, which must not
        // block calls (the upstream's own 429 still protects us).
        if (!(rejection instanceof RateLimiterRes)) return;
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new UpstreamError(
          `rate limited, retry in ${seconds} s (toolgate keeps under the upstream's ${options.requestsPerMinute} requests/minute)`,
          { upstream: options.upstream, isRetryable: false, countsAsFailure: false, retryAfterMs: seconds * 1000, kind: 'rate_limited' },
        );
      }
    },
  };
}
