/**
 * Filter pools by filter key, oldest evicted first, bounded both in entries and in the documents
 * they hold together: a client can name endless distinct filters (every `min_length` from 0 up),
 * and each pool may be most of a large corpus.
 */
export class PoolCache {
  private readonly pools = new Map<string, Int32Array | undefined>();
  private held = 0;
  private readonly maxEntries: number;
  private readonly maxDocs: number;

  constructor(maxEntries: number, maxDocs: number) {
    this.maxEntries = maxEntries;
    this.maxDocs = maxDocs;
  }

  has(key: string): boolean {
    return this.pools.has(key);
  }

  get(key: string): Int32Array | undefined {
    return this.pools.get(key);
  }

  set(key: string, pool: Int32Array | undefined): void {
    const size = pool?.length ?? 0;
    if (size > this.maxDocs) return;
    while (this.pools.size > 0 && (this.pools.size >= this.maxEntries || this.held + size > this.maxDocs)) {
      const [oldest, evicted] = this.pools.entries().next().value!;
      this.pools.delete(oldest);
      this.held -= evicted?.length ?? 0;
    }
    this.pools.set(key, pool);
    this.held += size;
  }
}
