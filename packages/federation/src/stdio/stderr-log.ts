import type { Logger } from 'pino';
import { LineSplitter } from './line-splitter.ts';

/** The longest stderr line kept in a log record; the rest of it is dropped. */
export const MAX_STDERR_LINE = 2_000;
/**
 * What is held of a line: more than is logged, so a secret that straddles the cut is still whole
 * when it is redacted (a cut first would leave its start unrecognised).
 */
const HELD_LINE_BYTES = 2 * MAX_STDERR_LINE + 1_024;
/** stderr lines logged per second at most; the others are counted, and the count logged. */
export const MAX_STDERR_LINES_PER_SECOND = 50;

/**
 * A child's stderr into the logs, line by line (`"msg":"server stderr"`), redacted. Bounded
 * whatever the child writes: one line of at most 5 KiB is held (a line without a newline
 * is cut there, never grown; 2,000 characters of it are logged), and at most 50 lines a second reach the log.
 */
export class StderrLog {
  readonly #logger: Logger;
  readonly #redact: (text: string) => string;
  readonly #now: () => number;
  readonly #lines: LineSplitter;
  #windowStart = -Infinity;
  #logged = 0;
  #dropped = 0;

  constructor(logger: Logger, redact: (text: string) => string, now: () => number = Date.now) {
    this.#logger = logger;
    this.#redact = redact;
    this.#now = now;
    this.#lines = new LineSplitter({
      maxLineBytes: HELD_LINE_BYTES,
      keepHead: true,
      onLine: (line) => this.#log(line, false),
      onOverflow: (head) => this.#log(head!, true),
    });
  }

  /** Bytes held for the line not yet finished. */
  get buffered(): number {
    return this.#lines.buffered;
  }

  push(chunk: Buffer): void {
    this.#lines.push(chunk);
  }

  /** The last, unfinished line (the child exited), and the count of lines not logged. */
  flush(): void {
    const rest = this.#lines.take();
    if (rest) this.#log(rest, false);
    this.#reportDropped();
  }

  #log(line: Buffer, overflowed: boolean): void {
    const raw = line.toString('utf8').trimEnd();
    if (!raw) return;
    const now = this.#now();
    if (now - this.#windowStart >= 1_000) {
      this.#reportDropped();
      this.#windowStart = now;
      this.#logged = 0;
    }
    if (this.#logged >= MAX_STDERR_LINES_PER_SECOND) {
      this.#dropped += 1;
      return;
    }
    this.#logged += 1;
    // Redacted whole, then cut: a secret across the cut is still recognised.
    const text = this.#redact(raw);
    const cut = overflowed || text.length > MAX_STDERR_LINE ? { cut: `the line was longer than ${MAX_STDERR_LINE} characters` } : {};
    this.#logger.info({ stderr: text.slice(0, MAX_STDERR_LINE), ...cut }, 'server stderr');
  }

  #reportDropped(): void {
    if (this.#dropped === 0) return;
    this.#logger.warn({ dropped: this.#dropped }, `server stderr: ${this.#dropped} lines not logged (more than ${MAX_STDERR_LINES_PER_SECOND} a second)`);
    this.#dropped = 0;
  }
}
