import { recordCacheLookup } from '@toolgate/core/upstream';
import { LRUCache } from 'lru-cache';

/** Where parsed upstream responses are kept between calls. Values are JSON-serialisable. */
export interface ResponseCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * In-process cache: lru-cache gives bounded memory and per-entry TTLs, which a Map with
 * timers would have to reinvent. Each lookup is told to the tool call that made it (hit with
 * the time the answer was stored, or miss), for its result's `_meta` (core's call-record.ts).
 */
export function createMemoryCache(options: { maxEntries?: number } = {}): ResponseCache {
  const lru = new LRUCache<string, { value: unknown; storedAt: number }>({ max: options.maxEntries ?? 1000, ttlAutopurge: false });
  return {
    async get(key) {
      const entry = lru.get(key);
      recordCacheLookup(entry?.storedAt);
      return entry?.value;
    },
    async set(key, value, ttlMs) {
      if (ttlMs > 0) lru.set(key, { value, storedAt: Date.now() }, { ttl: ttlMs });
    },
    async close() {
      lru.clear();
    },
  };
}
