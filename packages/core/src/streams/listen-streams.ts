import { DEFAULT_SESSION_LIMITS } from './session-store.ts';

/** Listen streams one caller (its key, else its address) may hold open at once, across every endpoint. */
export const MAX_LISTENS_PER_CALLER = 8;

export interface ListenLimits {
  perCaller: number;
  /** Across the process: the bound on 2025-era sessions (each has one GET stream), reused. */
  total: number;
}

/**
 * The 2026-07-28 `subscriptions/listen` streams open in this process (mcp/listen-method.ts): each
 * a long-lived answer a client holds, so they are counted per caller and in all, and ended
 * together when the server drains (as sessions' GET streams are).
 */
export class ListenStreams {
  readonly #limits: ListenLimits;
  readonly #perCaller = new Map<string, number>();
  readonly #ends = new Set<() => void>();

  constructor(limits: ListenLimits = { perCaller: MAX_LISTENS_PER_CALLER, total: DEFAULT_SESSION_LIMITS.maxSessions }) {
    this.#limits = limits;
  }

  get limits(): Readonly<ListenLimits> {
    return this.#limits;
  }

  /** Streams open now. */
  get size(): number {
    return this.#ends.size;
  }

  /** Counts one stream of `caller`, which `end` stops at a drain; its release, or undefined when a bound is reached. */
  open(caller: string, end: () => void): (() => void) | undefined {
    const held = this.#perCaller.get(caller) ?? 0;
    if (held >= this.#limits.perCaller || this.#ends.size >= this.#limits.total) return undefined;
    this.#perCaller.set(caller, held + 1);
    this.#ends.add(end);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#ends.delete(end);
      const left = (this.#perCaller.get(caller) ?? 1) - 1;
      if (left > 0) this.#perCaller.set(caller, left);
      else this.#perCaller.delete(caller);
    };
  }

  /** The server drains: every stream ends (its client re-listens elsewhere). */
  endAll(): void {
    for (const end of [...this.#ends]) end();
  }
}
