import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from './caller.ts';

/** Spends `points` more of the caller's budget; rejects with a 429 Refusal when it runs out. */
export type ChargeMore = (points: number, messages: number) => Promise<void>;

/** A request's client address as a counter key (`ip-<address>`): http/client-address.ts. */
export type AddressIdOf = (request: IncomingMessage) => string;

/**
 * What one MCP request carries from its first check to its answer, typed and in one place:
 * the guards fill in who the caller is and how to charge it more, the MCP route reads them.
 * The address, the abort signal and the logger context are made on first use: most calls
 * never need them, and making them for every request was a measurable share of its cost.
 */
export class RequestState {
  readonly requestId: string;
  /** `/<segment>/mcp`, where the pack is served: an OAuth resource is named by it. */
  readonly mountPath: string;
  /** The verified caller and its policy (never the key), once auth has passed. */
  caller: Caller | undefined;
  /** Set by the rate limit: a batch is charged its other messages once its size is known. */
  chargeMore: ChargeMore | undefined;
  /** `?view=<name>`: the endpoint seen through one of the method table's views (mcp/method-entry.ts); undefined for the endpoint itself. */
  readonly view: string | undefined;
  readonly #request: IncomingMessage;
  readonly #response: ServerResponse;
  readonly #addressIdOf: AddressIdOf;
  #addressId: string | undefined;
  #signal: AbortSignal | undefined;
  #cancel: AbortController | undefined;

  constructor(requestId: string, mountPath: string, request: IncomingMessage, response: ServerResponse, addressIdOf: AddressIdOf) {
    this.requestId = requestId;
    this.mountPath = mountPath;
    this.caller = undefined;
    this.chargeMore = undefined;
    this.view = viewOf(request.url);
    this.#request = request;
    this.#response = response;
    this.#addressIdOf = addressIdOf;
  }

  /** The client address as a counter key (trusted proxies honoured). */
  get addressId(): string {
    return (this.#addressId ??= this.#addressIdOf(this.#request));
  }

  /**
   * Who the request counts against: the verified caller when auth is on, else its address. An
   * unverified key is never used: anyone could mint a fresh one per request and dodge the limit.
   */
  get clientId(): string {
    return this.caller?.id ?? this.addressId;
  }

  /** Aborted when the client goes away before its answer is written, or cancels the request (notifications/cancelled). */
  get signal(): AbortSignal {
    if (!this.#signal) {
      this.#cancel = abortOnClose(this.#response);
      this.#signal = this.#cancel.signal;
    }
    return this.#signal;
  }

  /** The client cancelled the request: whatever runs for it stops. */
  cancel(reason: string): void {
    if (!this.#signal) void this.signal;
    this.#cancel!.abort(new Error(reason));
  }
}

function abortOnClose(response: ServerResponse): AbortController {
  const controller = new AbortController();
  // Made on first use, so the client may already be gone.
  if (response.closed) {
    if (!response.writableFinished) controller.abort();
    return controller;
  }
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller;
}

/** The `view` query parameter; nearly every request has no query string and pays one indexOf. */
function viewOf(url: string | undefined): string | undefined {
  const query = url === undefined ? -1 : url.indexOf('?');
  return query === -1 ? undefined : (new URLSearchParams(url!.slice(query + 1)).get('view') ?? undefined);
}
