import type { ResponseCache } from './cache.ts';
import type { z } from 'zod';
import type { CacheStore } from './coalescing-cache.ts';

/**
 * A typed CacheStore over the ResponseCache (lru-cache in process, or Redis when REDIS_URL is
 * set, so replicas share it). Keys are namespaced by `prefix`; what goes after it is the caller's
 * to keep free of secrets. A stored value that fails `schema` (another version's, or corrupt) is
 * a miss, not a wrong answer.
 */
export function createSharedStore<Schema extends z.ZodType>(cache: ResponseCache, prefix: string, schema: Schema): CacheStore<z.infer<Schema>> {
  return {
    async get(key) {
      const value = await cache.get(prefix + key);
      if (value === undefined) return undefined;
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : undefined;
    },
    set: (key, value, ttlMs) => cache.set(prefix + key, value, ttlMs),
  };
}
