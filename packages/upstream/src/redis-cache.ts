import { recordCacheLookup, type BoundedRedis, type Logger } from '@toolgate/core/upstream';
import type { ResponseCache } from './cache.ts';

/**
 * Cache shared by every replica, in Redis. While Redis is away (down, hung, reconnecting) the
 * cache is skipped: every read is a miss answered at once and nothing is written, so a call
 * asks the upstream instead of waiting on Redis. It never fails a tool call.
 * Each value is stored as `{"at": <epoch ms>, "value": …}`, so a hit can say how old it is
 * (core's call-record.ts); a value in another shape (an older version's) is a miss.
 */
export function createRedisCache(redis: BoundedRedis, options: { prefix?: string; logger?: Logger } = {}): ResponseCache {
  const prefix = options.prefix ?? 'toolgate:cache:';
  // The bounded connection logs the outage once; a line per skipped call would flood the log.
  const failed = (error: unknown, operation: string) =>
    options.logger?.debug({ err: error instanceof Error ? error.message : String(error), operation }, 'shared cache skipped');
  return {
    async get(key) {
      try {
        const text = await redis.run((client) => client.get(prefix + key));
        const entry = text === null ? undefined : (JSON.parse(text) as { at?: unknown; value?: unknown });
        const stored = typeof entry?.at === 'number' && 'value' in entry;
        recordCacheLookup(stored ? (entry.at as number) : undefined);
        return stored ? entry.value : undefined;
      } catch (error) {
        failed(error, 'get');
        recordCacheLookup(undefined);
        return undefined;
      }
    },
    async set(key, value, ttlMs) {
      if (ttlMs <= 0) return;
      try {
        await redis.run((client) => client.set(prefix + key, JSON.stringify({ at: Date.now(), value }), 'PX', Math.ceil(ttlMs)));
      } catch (error) {
        failed(error, 'set');
      }
    },
    close: () => redis.close(),
  };
}
