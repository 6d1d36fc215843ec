/**
 * Splits a byte stream into lines, in time linear in what arrives: each chunk is searched once for
 * newlines, and the bytes of an unfinished line are kept as the chunks they came in (joined once,
 * when the line ends). A line longer than `maxLineBytes` is never held whole: `onOverflow` is told
 * once, its first `maxLineBytes` bytes are kept (`keepHead`) or none are, and the rest is skipped
 * up to the next newline.
 */
export interface LineSplitterOptions {
  maxLineBytes: number;
  onLine(line: Buffer): void;
  /** A line passed the bound; `head` holds its first bytes when `keepHead` is set. */
  onOverflow(head: Buffer | undefined): void;
  /** Keep the first bytes of an overlong line (stderr, for the log) rather than none (stdout). */
  keepHead?: boolean;
}

const NEWLINE = 0x0a;

export class LineSplitter {
  readonly #options: LineSplitterOptions;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Inside an overlong line: bytes are dropped until its newline. */
  #skipping = false;

  constructor(options: LineSplitterOptions) {
    this.#options = options;
  }

  /** Bytes held for the line not yet finished: never more than `maxLineBytes`. */
  get buffered(): number {
    return this.#pendingBytes;
  }

  /** The unfinished line's bytes (at the stream's end), and forgets them. */
  take(): Buffer | undefined {
    if (this.#pendingBytes === 0) return undefined;
    const rest = Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    return rest;
  }

  push(chunk: Buffer): void {
    let start = 0;
    let newline: number;
    while ((newline = chunk.indexOf(NEWLINE, start)) !== -1) {
      const piece = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.#skipping) {
        this.#skipping = false;
        continue;
      }
      // A line that passes the bound here also ends here: nothing more of it to skip.
      if (this.#hold(piece)) this.#emit();
      else this.#skipping = false;
    }
    if (start < chunk.length && !this.#skipping) this.#hold(chunk.subarray(start));
  }

  #emit(): void {
    const line = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#options.onLine(line);
  }

  /** Adds a piece to the unfinished line; false when that passes the bound (the line is then skipped). */
  #hold(piece: Buffer): boolean {
    const { maxLineBytes } = this.#options;
    if (this.#pendingBytes + piece.length <= maxLineBytes) {
      if (piece.length > 0) this.#pending.push(piece);
      this.#pendingBytes += piece.length;
      return true;
    }
    let head: Buffer | undefined;
    if (this.#options.keepHead) {
      const room = maxLineBytes - this.#pendingBytes;
      head = Buffer.concat([...this.#pending, piece.subarray(0, room)]);
    }
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#skipping = true;
    this.#options.onOverflow(head);
    return false;
  }
}
