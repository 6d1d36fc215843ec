import { LRUCache } from 'lru-cache';

/** Where parsed upstream responses are kept between calls. Values are JSON-serialisable. */
export interface ResponseCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * In-process cache: lru-cache gives bounded memory and per-entry TTLs, which a Map with
 * timers would have to reinvent.
 */
export function createMemoryCache(options: { maxEntries?: number } = {}): ResponseCache {
  const lru = new LRUCache<string, { value: unknown }>({ max: options.maxEntries ?? 1000, ttlAutopurge: false });
  return {
    async get(key) {
      return lru.get(key)?.value;
    },
    async set(key, value, ttlMs) {
      if (ttlMs > 0) lru.set(key, { value }, { ttl: ttlMs });
    },
    async close() {
      lru.clear();
    },
  };
}
