import type { UpstreamObserver } from '@toolgate/core';

/**
 * Where cached values live, typed: a pack's stores sit over the ResponseCache (lru-cache, or
 * Redis with REDIS_URL: shared-store.ts); the small store below takes an injected clock, for tests.
 */
export interface CacheStore<Value> {
  get(key: string): Promise<Value | undefined>;
  set(key: string, value: Value, ttlMs: number): Promise<void>;
}

/** A bounded in-process store: expired entries are dropped on read; the oldest go first when full. */
export function createMemoryStore<Value>(options: { maxEntries?: number; now?: () => number } = {}): CacheStore<Value> {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Value; expires: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    async set(key, value, ttlMs) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expires: now() + ttlMs });
    },
  };
}

export interface CoalescingCache<Value> {
  /**
   * The cached value for `key`, or the result of `load`. Concurrent calls for one key
   * share one `load`. `load` says how long its value may be kept (0: not at all);
   * failures are never cached.
   */
  get(key: string, load: () => Promise<{ value: Value; ttlMs: number }>): Promise<Value>;
}

export interface CoalescingCacheOptions {
  /** The cache's name in metrics and traces (`chain:block`, an upstream's name); lookups are reported only with one. */
  name?: string;
  observer?: UpstreamObserver;
}

export function createCoalescingCache<Value>(store: CacheStore<Value>, options: CoalescingCacheOptions = {}): CoalescingCache<Value> {
  const inFlight = new Map<string, Promise<Value>>();
  const { name } = options;
  const report = name !== undefined && options.observer?.cacheLookedUp ? options.observer.cacheLookedUp.bind(options.observer) : undefined;
  return {
    get(key, load) {
      const pending = inFlight.get(key);
      if (pending) {
        report?.({ cache: name!, result: 'coalesced' });
        return pending;
      }
      const promise = (async () => {
        const cached = await store.get(key);
        report?.({ cache: name!, result: cached === undefined ? 'miss' : 'hit' });
        if (cached !== undefined) return cached;
        const { value, ttlMs } = await load();
        if (ttlMs > 0) await store.set(key, value, ttlMs);
        return value;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
  };
}

/** A store that keeps nothing: coalescing alone, for a client given no cache. */
export function createNoStore<Value>(): CacheStore<Value> {
  return { get: async () => undefined, set: async () => {} };
}
