import { randomBytes } from 'node:crypto';
import { ASK_CAPABILITY, forClient, requestedKey, type AskOutcome, type ServerAsk } from './server-asks.ts';

const SHORT_NAME: Record<string, string> = { elicitation: 'elicitation', sampling: 'sampling', roots: 'roots' };

/** A request of the server's the client has not answered yet, keyed as the client sees it. */
interface Outstanding {
  ask: ServerAsk;
  settle(outcome: AskOutcome): void;
}

/**
 * One forwarded request of a 2026-07-28 client whose server asked the client something: the
 * upstream request stays open (the server is waiting inside it) while the client answers across
 * rounds of `input_required` results. Holds the server's unanswered requests by key, the answers
 * the client gave before they were asked, and how the upstream request ended.
 */
export class ParkedCall {
  readonly handle = randomBytes(18).toString('base64url');
  readonly identity: string;
  readonly controller = new AbortController();
  round = 0;
  busy = false;
  /** The running round's way to the client: the server's notifications go there. */
  notify: (method: string, params: Record<string, unknown>) => void = () => undefined;
  timer: NodeJS.Timeout | undefined;
  /** How the upstream request ended: the server's result, or what it threw (a JSON-RPC error of the server's, or a fault). */
  outcome: { result: Record<string, unknown> } | { thrown: unknown } | undefined;
  readonly #outstanding = new Map<string, Outstanding>();
  readonly #given = new Map<string, Record<string, unknown>>();
  readonly #used = new Set<string>();
  #counter = 0;
  #wake: (() => void) | undefined;

  constructor(identity: string, given: Readonly<Record<string, Record<string, unknown>>>) {
    this.identity = identity;
    for (const [key, answer] of Object.entries(given)) this.#given.set(key, answer);
  }

  get waiting(): number {
    return this.#outstanding.size;
  }

  /** The server asked: answered from what the client already gave under this key, or held for the client. */
  ask(ask: ServerAsk): Promise<AskOutcome> {
    const key = this.#keyFor(ask);
    const given = this.#given.get(key);
    if (given) {
      this.#given.delete(key);
      return Promise.resolve({ result: given });
    }
    return new Promise((settle) => {
      this.#outstanding.set(key, { ask: forClient(ask), settle });
      this.#changed();
    });
  }

  /** The client's answers: each goes to the server's request of its key; keys nothing waits on are ignored (SEP-2322). */
  answer(responses: Readonly<Record<string, Record<string, unknown>>>): void {
    for (const [key, answer] of Object.entries(responses)) {
      const waiting = this.#outstanding.get(key);
      if (!waiting) continue;
      this.#outstanding.delete(key);
      waiting.settle({ result: answer });
    }
  }

  /** What the client is shown: every request still unanswered. */
  inputRequests(): Record<string, ServerAsk> {
    return Object.fromEntries([...this.#outstanding].map(([key, { ask }]) => [key, ask]));
  }

  finish(outcome: NonNullable<ParkedCall['outcome']>): void {
    this.outcome = outcome;
    this.#changed();
  }

  /** Ends the call from our side: the server's open requests get an error, the upstream request is cancelled. */
  abandon(reason: string): void {
    clearTimeout(this.timer);
    for (const [, waiting] of this.#outstanding) waiting.settle({ error: { code: -32001, message: reason } });
    this.#outstanding.clear();
    this.controller.abort(new Error(reason));
  }

  /** Resolves at the next change: a request from the server, or the end of the upstream request. */
  changed(): Promise<void> {
    return new Promise((resolve) => {
      const previous = this.#wake;
      this.#wake = () => {
        previous?.();
        resolve();
      };
    });
  }

  #changed(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  #keyFor(ask: ServerAsk): string {
    const wanted = requestedKey(ask);
    if (wanted && !this.#used.has(wanted)) {
      this.#used.add(wanted);
      return wanted;
    }
    let key: string;
    do key = `${SHORT_NAME[ASK_CAPABILITY[ask.method] ?? ''] ?? 'input'}-${(this.#counter += 1)}`;
    while (this.#used.has(key));
    this.#used.add(key);
    return key;
  }
}
