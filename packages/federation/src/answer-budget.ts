/**
 * How many answers of the largest size one server may have held at once, across its requests in
 * flight: one answer is bounded by MCP_MAX_ANSWER_BYTES, and this bounds them together, so many
 * requests answered slowly and large cannot add up to more than this many bounds' worth of memory.
 */
export const ANSWERS_HELD_PER_SERVER = 4;

/** The bytes held for one server's answers in flight: a request past the budget is refused. */
export class AnswerBudget {
  readonly limit: number;
  #held = 0;
  constructor(limit: number) {
    this.limit = limit;
  }
  reserve(bytes: number): boolean {
    if (this.#held + bytes > this.limit) return false;
    this.#held += bytes;
    return true;
  }
  release(bytes: number): void {
    this.#held -= bytes;
  }
}
