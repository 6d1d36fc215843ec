import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { BoundedRedis } from './bounded-redis.ts';

/** What the guards and upstream budgets ask of a limiter. */
export type CountingLimiter = Pick<RateLimiterAbstract, 'consume' | 'get' | 'penalty'>;

export interface FallbackLimiterOptions {
  redis: BoundedRedis;
  points: number;
  durationSeconds: number;
  keyPrefix: string;
}

/**
 * Counts in Redis (one budget across replicas) while Redis answers, and in this process's
 * memory while it does not: a dead or hung Redis costs a caller at most one command timeout
 * (the one that finds it away), never a wait per request, and never lifts the limit.
 * A budget spent (RateLimiterRes) is an answer, passed on as it is.
 */
export function createFallbackLimiter(options: FallbackLimiterOptions): CountingLimiter {
  const settings = { points: options.points, duration: options.durationSeconds, keyPrefix: options.keyPrefix };
  const memory = new RateLimiterMemory(settings);
  const shared = new RateLimiterRedis({ ...settings, storeClient: options.redis.client });
  const { redis } = options;
  // run() fails at once while Redis is away (RedisUnavailableError): then memory counts.
  const either = <T>(inRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> =>
    redis.run(inRedis).catch((rejection: unknown) => {
      if (rejection instanceof Error) return inMemory();
      throw rejection;
    });
  return {
    consume: (key, points, options) => either(() => shared.consume(key, points, options), () => memory.consume(key, points, options)),
    penalty: (key, points, options) => either(() => shared.penalty(key, points, options), () => memory.penalty(key, points, options)),
    get: (key, options) => either(() => shared.get(key, options), () => memory.get(key, options)),
  };
}
