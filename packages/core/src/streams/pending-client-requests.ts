import { randomBytes } from 'node:crypto';
import { ClientRequestError } from '../client-channel.ts';
import type { EventSink } from './answer-stream.ts';

/** A client's JSON-RPC response to one of the server's requests. */
export type ClientAnswer = { id?: unknown; result?: unknown; error?: unknown };

interface Pending {
  owner: string;
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
}

/** How long a question waits for the client's answer (a person filling in a form) before it fails. */
export const CLIENT_ANSWER_TIMEOUT_MS = 10 * 60_000;
/** Questions one session may have open at once, and all sessions of a process together. */
const MAX_PER_OWNER = 16;
const MAX_PENDING = 4_096;

/**
 * The server's own requests to 2025-era clients (elicitation, sampling, roots) that await an
 * answer: each goes out on a request's event stream with an id of this process, and the client's
 * response (a POST of its own, carrying the session id) settles it. Only the session that was
 * asked can answer; an answer nobody waits for is dropped.
 */
export class PendingClientRequests {
  /** Every endpoint's questions in this process: what an answer relayed from another worker is offered to. */
  static readonly #all = new Set<PendingClientRequests>();
  readonly #pending = new Map<string, Pending>();
  readonly #perOwner = new Map<string, number>();
  readonly #prefix = `toolgate-${randomBytes(4).toString('hex')}-`;
  #counter = 0;

  constructor() {
    PendingClientRequests.#all.add(this);
  }

  get size(): number {
    return this.#pending.size;
  }

  /**
   * Where an answer no question of this process waits for goes: in a cluster, to the other workers
   * through the primary (cluster/worker.ts sets it), since the worker that asked may be another.
   */
  static relayElsewhere: ((owner: string, message: ClientAnswer) => void) | undefined;

  /** A session's answer none of this process's questions waits for: to the other workers, when there are any. */
  static relay(owner: string, message: ClientAnswer): void {
    PendingClientRequests.relayElsewhere?.(owner, message);
  }

  /** An answer another worker received: settles the question here if it is this process's. */
  static answerRelayed(owner: string, message: { id?: unknown; result?: unknown; error?: unknown }): boolean {
    for (const pending of PendingClientRequests.#all) if (pending.answer(owner, message)) return true;
    return false;
  }

  ask(sink: EventSink, owner: string, method: string, params: Record<string, unknown>, signal: AbortSignal, timeoutMs = CLIENT_ANSWER_TIMEOUT_MS): Promise<Record<string, unknown>> {
    const open = this.#perOwner.get(owner) ?? 0;
    if (open >= MAX_PER_OWNER || this.#pending.size >= MAX_PENDING) {
      return Promise.reject(new ClientRequestError(`too many questions are waiting for this client's answers (at most ${MAX_PER_OWNER})`));
    }
    if (signal.aborted) return Promise.reject(new ClientRequestError('the client went away'));
    const id = `${this.#prefix}${(this.#counter += 1)}`;
    return new Promise((resolve, reject) => {
      const settle = () => {
        this.#pending.delete(id);
        const left = (this.#perOwner.get(owner) ?? 1) - 1;
        if (left > 0) this.#perOwner.set(owner, left);
        else this.#perOwner.delete(owner);
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        sink.holdOpen(false);
      };
      const fail = (message: string) => {
        settle();
        reject(new ClientRequestError(message));
      };
      const onAbort = () => fail('the client went away before answering');
      const timer = setTimeout(() => fail(`the client did not answer ${method} within ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
      timer.unref();
      signal.addEventListener('abort', onAbort, { once: true });
      this.#pending.set(id, {
        owner,
        resolve: (result) => {
          settle();
          resolve(result);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      this.#perOwner.set(owner, open + 1);
      sink.holdOpen(true);
      if (!sink.send({ jsonrpc: '2.0', id, method, params }, false)) fail('the answer to this request cannot stream, so the client cannot be asked');
    });
  }

  /** Settles the question a client's response answers; false when none of its owner's is waiting under that id. */
  answer(owner: string, message: { id?: unknown; result?: unknown; error?: unknown }): boolean {
    const pending = typeof message.id === 'string' ? this.#pending.get(message.id) : undefined;
    if (!pending || pending.owner !== owner) return false;
    const { result, error } = message;
    if (result && typeof result === 'object' && !Array.isArray(result)) pending.resolve(result as Record<string, unknown>);
    else {
      const { code, message: text } = (error ?? {}) as { code?: unknown; message?: unknown };
      pending.reject(new ClientRequestError(`the client answered with an error: ${typeof text === 'string' ? text.slice(0, 500) : 'no message'}`, typeof code === 'number' ? code : undefined));
    }
    return true;
  }
}
