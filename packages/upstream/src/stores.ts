import type { BoundedRedis, Logger } from '@toolgate/core/upstream';
import { createMemoryCache, type ResponseCache } from './cache.ts';
import { createRedisCache } from './redis-cache.ts';

export interface UpstreamStores {
  cache: ResponseCache;
  /** Present when REDIS_URL is set: for shared rate budgets. */
  redis?: BoundedRedis;
  close(): Promise<void>;
}

export interface StoresOptions {
  redisUrl?: string;
  /** REDIS_COMMAND_TIMEOUT_MS: past it, a call skips the shared cache (250 ms by default). */
  redisCommandTimeoutMs?: number;
  logger?: Logger;
  maxEntries?: number;
}

/**
 * The cache (and Redis connection) a pack's upstream clients share: Redis when a URL is given,
 * memory otherwise. Called once when a pack is built, never on a call. ioredis is imported here
 * and only when a URL is given, so importing a pack, or building one without REDIS_URL, loads none
 * of it (services/gateway/test/pack-imports.test.ts watches).
 */
export async function createStores(options: StoresOptions): Promise<UpstreamStores> {
  if (!options.redisUrl) {
    const cache = createMemoryCache({ maxEntries: options.maxEntries });
    return { cache, close: () => cache.close() };
  }
  const { connectBoundedRedis } = await import('@toolgate/core/redis');
  // Bounded: a dead or hung Redis costs a call at most one command timeout, then is skipped
  // until a background probe finds it answering again.
  const redis = connectBoundedRedis({ url: options.redisUrl, name: 'toolgate-cache', commandTimeoutMs: options.redisCommandTimeoutMs, logger: options.logger });
  const cache = createRedisCache(redis, { logger: options.logger });
  return { cache, redis, close: () => cache.close() };
}
