import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { BoundedRedis } from '../../redis/bounded-redis.ts';
import type { BudgetState, BudgetWindow, CallBudget, Caller, Charge } from '../../protocol/caller.ts';
import { createFallbackLimiter, type CountingLimiter } from '../../redis/fallback-limiter.ts';

const MINUTE_SECONDS = 60;
const DAY_MS = 86_400_000;

/**
 * Each caller's tool calls per minute (a fixed window from its first call) and per UTC day,
 * counted by caller id (key name, token subject): never per session, so a client that
 * reconnects or re-initializes spends from the same budget. In Redis when there is one (shared
 * by every replica; in memory while it is away, as the request rate limit does), else in this
 * process (or its cluster's primary).
 */
export function createCallBudget(options: { redis?: BoundedRedis | undefined; logger: Logger; now?: () => number }): CallBudget {
  const now = options.now ?? Date.now;
  // One limiter per distinct limit: a limiter's points are fixed, its counters are keyed by caller.
  const minuteLimiters = new Map<number, CountingLimiter>();
  const dayLimiters = new Map<number, CountingLimiter>();
  const limiterFor = (limiters: Map<number, CountingLimiter>, points: number, keyPrefix: string, durationSeconds: number) => {
    let limiter = limiters.get(points);
    if (!limiter) {
      limiter = counting(points, keyPrefix, durationSeconds, options.redis);
      limiters.set(points, limiter);
    }
    return limiter;
  };

  /** The counter after one more call; undefined when the store failed (the call goes through, as with the request limit, and nothing is reported). */
  async function spend(limiter: CountingLimiter, key: string, customDuration?: number): Promise<RateLimiterRes | undefined> {
    try {
      return await limiter.consume(key, 1, customDuration === undefined ? undefined : { customDuration });
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw rejection;
      options.logger.warn({ err: rejection }, 'call budget store failed; letting the call through');
      return undefined;
    }
  }

  return {
    async charge(caller) {
      const { ratePerMinute, dailyQuota } = caller.policy;
      if (ratePerMinute === undefined && dailyQuota === undefined) return undefined;
      const state: BudgetState = {};
      const at = now();
      if (ratePerMinute !== undefined) {
        try {
          const result = await spend(limiterFor(minuteLimiters, ratePerMinute, 'toolgate-calls-minute', MINUTE_SECONDS), caller.id);
          if (result) state.minute = windowOf(ratePerMinute, result, at + result.msBeforeNext);
        } catch (rejection) {
          return refusal('minute', ratePerMinute, at + (rejection as RateLimiterRes).msBeforeNext, at);
        }
      }
      if (dailyQuota !== undefined) {
        // A counter per UTC day, kept until the day ends: the quota resets at midnight UTC for everyone.
        const day = Math.floor(at / DAY_MS);
        const resetAt = (day + 1) * DAY_MS;
        try {
          const result = await spend(limiterFor(dayLimiters, dailyQuota, 'toolgate-calls-day', 86_400), `${caller.id}:${day}`, Math.ceil((resetAt - at) / 1000));
          if (result) state.day = windowOf(dailyQuota, result, resetAt);
        } catch {
          return refusal('day', dailyQuota, resetAt, at);
        }
      }
      return { allowed: true, state };
    },
  };
}

function windowOf(limit: number, result: RateLimiterRes, resetAt: number): BudgetWindow {
  return { limit, remaining: Math.max(0, result.remainingPoints), resetAt };
}

function refusal(window: 'minute' | 'day', limit: number, resetAt: number, at: number): Charge {
  return { allowed: false, window, limit, resetAt, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - at) / 1000)) };
}

function counting(points: number, keyPrefix: string, durationSeconds: number, redis: BoundedRedis | undefined): CountingLimiter {
  if (redis) return createFallbackLimiter({ redis, points, durationSeconds, keyPrefix });
  // Without Redis, the workers of one cluster count in the primary's memory over IPC (as the request limit does).
  if (cluster.isWorker) return new RateLimiterCluster({ points, duration: durationSeconds, keyPrefix, timeoutMs: 1_000 });
  return new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix });
}
