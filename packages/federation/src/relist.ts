import type { Logger } from 'pino';

export interface RelistOptions {
  /** Reads the server's list again and applies it; never rejects (its failures are its to log). */
  list: () => Promise<void>;
  /** MCP_RELIST_INTERVAL_MS: the least time between the starts of two lists. */
  minIntervalMs: number;
  logger: Logger;
  /** What changed, in its log lines: `tools` (the default), `prompts`, `resources`, `resource templates`. */
  what?: string;
  now?: () => number;
}

/** A burst of notifications ends once none has come for this long (and no list is left to run). */
export const BURST_QUIET_MS = 5_000;

/**
 * A server's `notifications/tools/list_changed`, coalesced: one list in flight and at most one
 * waiting, started no sooner than `minIntervalMs` after the last one, and logged once per burst
 * (a line when it starts; one more when it ends, if it coalesced anything).
 * A server that sends thousands of notifications costs at most one list per interval, however
 * many arrive (issue 37: 2,000 on each of 12 streams had started 24,000 lists at once).
 */
export class Relister {
  readonly #options: RelistOptions;
  readonly #now: () => number;
  #running = false;
  #waiting = false;
  #timer: NodeJS.Timeout | undefined;
  #quiet: NodeJS.Timeout | undefined;
  #lastStart = -Infinity;
  #lastNotified = -Infinity;
  #closed = false;
  /** Notifications and lists since the burst began (a burst ends when no list is left to run). */
  #notified = 0;
  #listed = 0;
  /** Lists started, in all: what a test counts. */
  started = 0;

  constructor(options: RelistOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The server said its tools changed. */
  notify(): void {
    if (this.#closed) return;
    this.#notified += 1;
    this.#lastNotified = this.#now();
    if (this.#notified === 1) this.#options.logger.info(`the server says its ${this.#options.what ?? 'tools'} changed; listing them again`);
    if (this.#running || this.#timer) {
      this.#waiting = true;
      return;
    }
    this.#schedule();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#quiet);
    this.#timer = undefined;
  }

  #schedule(): void {
    const delay = Math.max(0, this.#lastStart + this.#options.minIntervalMs - this.#now());
    if (delay === 0) return this.#start();
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#start();
    }, delay);
    this.#timer.unref();
  }

  #start(): void {
    if (this.#closed) return;
    // This list answers every notification so far.
    this.#waiting = false;
    this.#running = true;
    this.#lastStart = this.#now();
    this.#listed += 1;
    this.started += 1;
    void this.#options
      .list()
      .catch(() => undefined)
      .finally(() => {
        this.#running = false;
        if (this.#waiting) return this.#schedule();
        this.#endBurstWhenQuiet();
      });
  }

  /** Nothing left to run: the burst ends once no notification has come for BURST_QUIET_MS. */
  #endBurstWhenQuiet(): void {
    clearTimeout(this.#quiet);
    const wait = this.#lastNotified + BURST_QUIET_MS - this.#now();
    if (wait > 0) {
      this.#quiet = setTimeout(() => this.#endBurstWhenQuiet(), wait);
      this.#quiet.unref();
      return;
    }
    if (this.#closed || this.#running || this.#waiting || this.#timer) return;
    if (this.#notified > 1) {
      this.#options.logger.info({ notifications: this.#notified, lists: this.#listed }, `the server said ${this.#notified} times that its ${this.#options.what ?? 'tools'} changed; listed them ${this.#listed} times`);
    }
    this.#notified = 0;
    this.#listed = 0;
  }
}
