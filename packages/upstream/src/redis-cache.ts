import { Redis } from 'ioredis';
import type { Logger } from '@toolgate/core';
import type { ResponseCache } from './cache.ts';

/**
 * Cache shared by every replica, in Redis. A Redis outage degrades to cache misses (the
 * upstream is asked instead); it never fails a tool call.
 */
export function createRedisCache(redis: Redis, options: { prefix?: string; logger?: Logger } = {}): ResponseCache {
  const prefix = options.prefix ?? 'toolgate:cache:';
  const warn = (error: unknown, operation: string) =>
    options.logger?.warn({ err: error instanceof Error ? error.message : String(error), operation }, 'redis cache unavailable');
  return {
    async get(key) {
      try {
        const text = await redis.get(prefix + key);
        return text === null ? undefined : JSON.parse(text);
      } catch (error) {
        warn(error, 'get');
        return undefined;
      }
    },
    async set(key, value, ttlMs) {
      if (ttlMs <= 0) return;
      try {
        await redis.set(prefix + key, JSON.stringify(value), 'PX', Math.ceil(ttlMs));
      } catch (error) {
        warn(error, 'set');
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** A connection that fails commands fast instead of queueing them while Redis is away. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, enableOfflineQueue: true, lazyConnect: false });
}
