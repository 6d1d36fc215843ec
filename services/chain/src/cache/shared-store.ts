import type { ResponseCache } from '@toolgate/upstream';
import type { z } from 'zod';
import type { CacheStore } from './coalescing-cache.ts';

/**
 * A CacheStore over @toolgate/upstream's cache (lru-cache in process, or Redis when REDIS_URL
 * is set, so replicas share metadata). Keys are namespaced by `prefix` and hold only a chain
 * slug and a checksummed address (or a public logo URL): never a key or an RPC URL. A stored
 * value that fails `schema` (another version's, or corrupt) is a miss, not a wrong answer.
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
