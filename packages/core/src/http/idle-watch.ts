/** One body being read: `touch()` on each chunk, `stop()` when it ends either way. */
export interface IdleWatcher {
  touch(): void;
  stop(): void;
}

/** One read's entry: the watcher it hands out, so a read costs one object, not three. */
class WatchedRead implements IdleWatcher {
  lastActivity = performance.now();
  readonly onIdle: () => void;
  readonly #watched: Set<WatchedRead>;

  constructor(onIdle: () => void, watched: Set<WatchedRead>) {
    this.onIdle = onIdle;
    this.#watched = watched;
  }

  touch(): void {
    this.lastActivity = performance.now();
  }

  stop(): void {
    this.#watched.delete(this);
  }
}

/**
 * Notices reads that have gone quiet for `idleMs`, with one sweep for all of them instead of a
 * timer per request: arming and clearing a timer on every call was a visible share of a cheap
 * call's CPU. The sweep runs every quarter of `idleMs`, so a stalled read is cut off between
 * `idleMs` and 1.25 × `idleMs` after its last chunk; it stops while nothing is being read.
 */
export class IdleWatch {
  readonly #idleMs: number;
  readonly #watched = new Set<WatchedRead>();
  #sweeper: NodeJS.Timeout | undefined;

  constructor(idleMs: number) {
    this.#idleMs = idleMs;
  }

  watch(onIdle: () => void): IdleWatcher {
    const read = new WatchedRead(onIdle, this.#watched);
    this.#watched.add(read);
    this.#sweeper ??= setInterval(() => this.#sweep(), Math.max(1, Math.floor(this.#idleMs / 4))).unref();
    return read;
  }

  #sweep(): void {
    const now = performance.now();
    for (const entry of this.#watched) {
      if (now - entry.lastActivity < this.#idleMs) continue;
      this.#watched.delete(entry);
      entry.onIdle();
    }
    if (this.#watched.size === 0) {
      clearInterval(this.#sweeper);
      this.#sweeper = undefined;
    }
  }
}

const watches = new Map<number, IdleWatch>();

/** The process's watch for one idle limit (each app has one limit; tests make a few). */
export function idleWatchFor(idleMs: number): IdleWatch {
  let watch = watches.get(idleMs);
  if (!watch) watches.set(idleMs, (watch = new IdleWatch(idleMs)));
  return watch;
}
