import type { Session } from './session-store.ts';

/**
 * The list changes waiting for each session's GET stream: at most one per list (a list change
 * says only "ask again", so ten say no more than one). They are written on the next turn of the
 * event loop, so changes of one moment go out once (at `/mcp` several servers may change
 * together); a session with no stream open yet, or whose client reads slower than changes
 * come, keeps them until its stream opens or drains. However often fronted servers change
 * their lists, a session holds at most one pending notification per list.
 */
export class ListChangeOutbox {
  readonly #pending = new Map<Session, Set<string>>();
  #scheduled = false;

  /** `method` (a `…/list_changed`) is to reach `session`. */
  add(session: Session, method: string): void {
    let methods = this.#pending.get(session);
    if (!methods) this.#pending.set(session, (methods = new Set()));
    methods.add(method);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      for (const waiting of [...this.#pending.keys()]) this.flush(waiting);
    });
  }

  /** Writes what waits for `session`, when its stream can take it now (it opened, or drained). */
  flush(session: Session): void {
    const methods = this.#pending.get(session);
    const stream = session.stream;
    if (!methods || !stream || stream.writableNeedDrain) return;
    this.#pending.delete(session);
    for (const method of methods) stream.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method })}\n\n`);
  }

  /** The session closed: nothing waits for it any more. */
  forget(session: Session): void {
    this.#pending.delete(session);
  }
}
