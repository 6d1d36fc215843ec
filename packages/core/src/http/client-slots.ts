interface ClientEntry {
  running: number;
  waiting: (() => void)[];
}

/**
 * At most `limit` tasks per client at once, across all of its requests (and packs, when one
 * instance is shared): one client's 1,000 tool calls then queue behind its own slots instead of
 * reaching an upstream all at once and tripping a breaker that every client shares. Waiters are
 * bounded too: each request runs at most BATCH_CONCURRENCY members, and connections are capped.
 */
export class ClientSlots {
  readonly #limit: number;
  readonly #clients = new Map<string, ClientEntry>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  /**
   * Runs `task` in one of the client's slots; `task` learns whether it had to wait for it. Not
   * an async function: a call that finds a free slot (nearly all) costs one promise, not three.
   */
  run<T>(client: string, task: (waited: boolean) => Promise<T>): Promise<T> {
    let entry = this.#clients.get(client);
    if (!entry) {
      entry = { running: 0, waiting: [] };
      this.#clients.set(client, entry);
    }
    const held = entry;
    if (held.running < this.#limit) {
      held.running += 1;
      return this.#holding(client, held, false, task);
    }
    // The slot is handed over by release(): running stays the same.
    return new Promise<void>((resolve) => held.waiting.push(resolve)).then(() => this.#holding(client, held, true, task));
  }

  #holding<T>(client: string, entry: ClientEntry, waited: boolean, task: (waited: boolean) => Promise<T>): Promise<T> {
    let running: Promise<T>;
    try {
      running = task(waited);
    } catch (error) {
      this.#release(client, entry);
      return Promise.reject(error);
    }
    return running.then(
      (value) => {
        this.#release(client, entry);
        return value;
      },
      (error: unknown) => {
        this.#release(client, entry);
        throw error;
      },
    );
  }

  /** Clients holding or waiting for a slot (for tests and metrics). */
  get size(): number {
    return this.#clients.size;
  }

  #release(client: string, entry: ClientEntry): void {
    const next = entry.waiting.shift();
    if (next) return next();
    entry.running -= 1;
    if (entry.running === 0) this.#clients.delete(client);
  }
}
