import type { Redis } from 'ioredis';
import type { Logger } from '@toolgate/core';
import { createMemoryCache, type ResponseCache } from './cache.ts';
import { connectRedis, createRedisCache } from './redis-cache.ts';

export interface UpstreamStores {
  cache: ResponseCache;
  /** Present when REDIS_URL is set: for shared rate budgets. */
  redis?: Redis;
  close(): Promise<void>;
}

/** The cache (and Redis connection) a pack's upstream clients share: Redis when a URL is given, memory otherwise. */
export function createStores(options: { redisUrl?: string; logger?: Logger; maxEntries?: number }): UpstreamStores {
  if (!options.redisUrl) {
    const cache = createMemoryCache({ maxEntries: options.maxEntries });
    return { cache, close: () => cache.close() };
  }
  const redis = connectRedis(options.redisUrl);
  // Without a listener ioredis reports connection errors as unhandled; they are logged instead,
  // and the cache degrades to misses until Redis is back.
  redis.on('error', (error: Error) => options.logger?.warn({ err: error.message }, 'redis connection error'));
  const cache = createRedisCache(redis, { logger: options.logger });
  return { cache, redis, close: () => cache.close() };
}
