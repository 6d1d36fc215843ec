/**
 * Bytes a second read from one server, across every stream of it (call answers, the session's
 * stream, a child's stdout and stderr): a token bucket one second deep. A server that sends as
 * fast as it can is read no faster than this, so it costs the gateway a bounded share of a core
 * however long it keeps at it (issue 37: four 200 MB answers read at full speed held the event
 * loop for most of each second). A reader asks how long to wait before reading on.
 */
export class ReadRate {
  readonly bytesPerSecond: number;
  readonly #now: () => number;
  #tokens: number;
  #last: number;

  constructor(bytesPerSecond: number, now: () => number = () => performance.now()) {
    this.bytesPerSecond = bytesPerSecond;
    this.#now = now;
    this.#tokens = bytesPerSecond;
    this.#last = now();
  }

  /** Counts `bytes` read; the milliseconds to wait before reading more (0: read on). */
  take(bytes: number): number {
    const now = this.#now();
    this.#tokens = Math.min(this.bytesPerSecond, this.#tokens + ((now - this.#last) * this.bytesPerSecond) / 1_000);
    this.#last = now;
    this.#tokens -= bytes;
    return this.#tokens >= 0 ? 0 : Math.ceil((-this.#tokens * 1_000) / this.bytesPerSecond);
  }
}

/** Pauses a Node stream for as long as the rate asks after `bytes` of it were read. */
export function throttle(stream: { pause(): unknown; resume(): unknown }, rate: ReadRate | undefined, bytes: number): void {
  const wait = rate?.take(bytes) ?? 0;
  if (wait === 0) return;
  stream.pause();
  setTimeout(() => stream.resume(), wait).unref();
}
