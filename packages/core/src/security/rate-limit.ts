import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { CountingLimiter } from '../redis/fallback-limiter.ts';
import type { Guard } from '../protocol/guard.ts';
import { Refusal } from '../protocol/refusal.ts';
import type { ChargeMore } from '../protocol/request-state.ts';
import { ErrorCode } from '../protocol/error-codes.ts';

function limitHeaders(limit: number, result: RateLimiterRes): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(Math.max(0, result.remainingPoints)),
    'ratelimit-reset': String(Math.ceil(result.msBeforeNext / 1000)),
  };
}

function tooMany(limit: number, rejection: RateLimiterRes, batch?: number): Refusal {
  const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  const what = batch === undefined ? '' : ` (a batch of ${batch} messages costs ${batch})`;
  const message = `Too Many Requests: the limit is ${limit} requests per minute${what}; retry after ${retryAfter} s`;
  return new Refusal(429, ErrorCode.TooManyRequests, message, {
    headers: { ...limitHeaders(limit, rejection), 'retry-after': String(retryAfter) },
    reason: { kind: 'rate_limit', reason: batch === undefined ? 'requests' : 'batch' },
  });
}

function setLimitHeaders(response: ServerResponse, limit: number, result: RateLimiterRes): void {
  const headers = limitHeaders(limit, result);
  for (const name in headers) response.setHeader(name, headers[name]!);
}

/**
 * Counts every guarded request (every message of a batch: the MCP route charges the rest) against its
 * client in `limiter` (in memory, or Redis shared by every replica) and answers 429 with
 * Retry-After once the client's budget is spent.
 * If the store itself fails the request passes: an outage of the counter store must not
 * take the gateway down with it (the Redis limiter is also given an in-memory fallback).
 */
export function rateLimit(options: { limiter: CountingLimiter; limit: number; logger: Logger }): Guard {
  const { limiter, limit, logger } = options;
  const storeFailed = (rejection: unknown, requestId: string) =>
    logger.warn({ err: rejection, requestId }, 'rate-limit store failed; letting the request through');

  return async function checkRateLimit(_request, response, state) {
    const client = state.clientId;
    try {
      setLimitHeaders(response, limit, await limiter.consume(client));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        storeFailed(rejection, state.requestId);
        return undefined;
      }
      return tooMany(limit, rejection);
    }
    const chargeMore: ChargeMore = async (points, messages) => {
      try {
        setLimitHeaders(response, limit, await limiter.consume(client, points));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) return storeFailed(rejection, state.requestId);
        throw tooMany(limit, rejection, messages);
      }
    };
    state.chargeMore = chargeMore;
    return undefined;
  };
}
