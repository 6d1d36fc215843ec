/** At most this many notifications a second reach the SDK client from one server (list changes aside). */
export const NOTIFICATIONS_PER_SECOND = 100;
/** A `…/list_changed` is passed on at most once in this window; those in between become one at its end. */
export const LIST_CHANGED_WINDOW_MS = 100;

const HAS_ID = /"id"\s*:/;
const METHOD = /"method"\s*:\s*"([^"\\]{1,200})"/;

export interface NotificationGateOptions {
  /** Passes a `…/list_changed` on later: the one that stands for those held back in a window. */
  later(method: string): void;
  /** Notifications dropped since the last report (once a second at most). */
  onDropped?(count: number): void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => void;
}

/**
 * What of a server's notifications reaches the SDK client, decided before the SDK reads them: its
 * reader costs about 125 µs a message (schema checks, promises), so 24,000 notifications cost 3 s
 * of one core and 185 MB of garbage, however they are coalesced after. A `…/list_changed` says
 * only "ask again": the first of a window is passed on and the rest of the window folds into one
 * passed on at its end, so no change goes unheard. Other notifications pass up to 100 a second;
 * past that they are dropped and counted. Requests and answers always pass (something waits on them).
 */
export class NotificationGate {
  readonly #options: NotificationGateOptions;
  readonly #now: () => number;
  readonly #setTimer: (run: () => void, ms: number) => void;
  /** By list_changed method: when its window ends, and whether one waits for that end. */
  readonly #windows = new Map<string, { until: number; waiting: boolean }>();
  #secondStart = -Infinity;
  #passed = 0;
  #dropped = 0;

  constructor(options: NotificationGateOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#setTimer =
      options.setTimer ??
      ((run, ms) => {
        setTimeout(run, ms).unref();
      });
  }

  /**
   * Whether one message (its JSON text) is passed on now. Read without parsing it, which would cost
   * more than the gate saves: a message with an `"id"` anywhere, or without a method, passes (the
   * SDK reads and judges it); a method is read from the first `"method": "…"` in it.
   */
  admits(text: string): boolean {
    if (HAS_ID.test(text)) return true;
    const method = METHOD.exec(text)?.[1];
    if (method === undefined) return true;
    return method.endsWith('/list_changed') ? this.#listChanged(method) : this.#other();
  }

  #listChanged(method: string): boolean {
    const now = this.#now();
    const window = this.#windows.get(method);
    if (!window || now >= window.until) {
      this.#windows.set(method, { until: now + LIST_CHANGED_WINDOW_MS, waiting: false });
      return true;
    }
    if (!window.waiting) {
      window.waiting = true;
      this.#setTimer(() => {
        // The one passed on now opens the next window.
        this.#windows.set(method, { until: this.#now() + LIST_CHANGED_WINDOW_MS, waiting: false });
        this.#options.later(method);
      }, window.until - now);
    }
    return false;
  }

  #other(): boolean {
    const now = this.#now();
    if (now - this.#secondStart >= 1_000) {
      if (this.#dropped > 0) this.#options.onDropped?.(this.#dropped);
      this.#secondStart = now;
      this.#passed = 0;
      this.#dropped = 0;
    }
    if (this.#passed < NOTIFICATIONS_PER_SECOND) {
      this.#passed += 1;
      return true;
    }
    this.#dropped += 1;
    return false;
  }
}
