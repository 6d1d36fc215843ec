import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { RemoteRpcError } from '../remote-errors.ts';
import { ParkedCall } from './parked-call.ts';
import { createRefSealer, type RefSealer } from './request-state.ts';
import { refusalOf, type Relay } from './server-asks.ts';

export interface InputBridgeOptions {
  /** How long a call waits for the client's answers (each round) before it is cancelled upstream. */
  answerTimeoutMs: number;
  /** Calls waiting for a client's answers at once; past it the server's next request is refused. */
  maxParked: number;
  /** Requests the server sends together are shown together: gathered this long after the first. */
  gatherMs: number;
  sealer?: RefSealer;
}

/** One request of a 2026-07-28 client, as the bridge needs it. */
export interface ModernRequest {
  /** `tools/call <name>`, `prompts/get <name>`, `resources/read <uri>`: a state resumes the same request only. */
  identity: string;
  /** The request's params as sent (`inputResponses`, `requestState`). */
  params: Readonly<Record<string, unknown>>;
  clientCapabilities: Readonly<Record<string, unknown>> | undefined;
  /** Aborts when the client goes away. */
  signal: AbortSignal;
  /** Where the server's notifications go while this round runs (the round's own answer stream). */
  notify(method: string, params: Record<string, unknown>): void;
}

/**
 * Sends the request upstream, putting the server's own requests to `relay` and its notifications
 * to `notify` (which reaches whichever round is running); stops when `signal` aborts.
 */
export type StartUpstream = (relay: Relay, signal: AbortSignal, notify: (method: string, params: Record<string, unknown>) => void) => Promise<Record<string, unknown>>;

const invalid = (message: string) => new RemoteRpcError(`Invalid params: ${message}`, -32602);

/** `inputResponses` as SEP-2322 has it: an object whose values are objects (each a client's answer). */
function responsesOf(params: Readonly<Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const responses = params.inputResponses;
  if (responses === undefined) return {};
  if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) throw invalid('inputResponses must be an object of answers by key');
  for (const [key, answer] of Object.entries(responses)) {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw invalid(`inputResponses.${key} must be an object (the client's answer to that request)`);
  }
  return responses as Record<string, Record<string, unknown>>;
}

/**
 * 2026-07-28 clients in front of 2025-era servers (SEP-2322): a server asks the client in the
 * middle of a request (elicitation, sampling, roots) and waits for the answer inside it, while a
 * 2026 client is asked by an `input_required` result and answers by sending the request again.
 * The bridge keeps the upstream request open, shows the client what the server asked (requests
 * the server sends together in one result), and puts the answers to the server when the client
 * comes back with the signed `requestState`. The waiting call lives in this process's memory.
 */
export function createInputBridge(options: InputBridgeOptions) {
  const sealer = options.sealer ?? createRefSealer();
  const parked = new Map<string, ParkedCall>();

  function unpark(call: ParkedCall): void {
    clearTimeout(call.timer);
    parked.delete(call.handle);
  }

  /** Waits until the call has ended or the server has asked; requests sent together are gathered first. */
  async function turn(call: ParkedCall, signal: AbortSignal): Promise<void> {
    if (!call.outcome && call.waiting === 0) {
      let onAbort = () => {};
      const aborted = new Promise<void>((resolve) => (onAbort = resolve));
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        while (!call.outcome && call.waiting === 0 && !signal.aborted) await Promise.race([call.changed(), aborted]);
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
      if (signal.aborted) return;
    }
    if (call.outcome) return;
    await sleep(options.gatherMs);
    // A poll of the event loop first: a request already read off the socket is counted in this round.
    await nextTurn();
  }

  async function settle(call: ParkedCall, signal: AbortSignal): Promise<Record<string, unknown>> {
    call.busy = true;
    try {
      await turn(call, signal);
    } finally {
      call.busy = false;
    }
    if (signal.aborted && !call.outcome) {
      unpark(call);
      call.abandon('the client went away');
      throw signal.reason instanceof Error ? signal.reason : new Error('the client went away');
    }
    if (call.outcome) {
      unpark(call);
      if ('thrown' in call.outcome) throw call.outcome.thrown;
      return call.outcome.result;
    }
    call.round += 1;
    parked.set(call.handle, call);
    clearTimeout(call.timer);
    call.timer = setTimeout(() => {
      unpark(call);
      call.abandon(`the client did not answer within ${options.answerTimeoutMs} ms`);
    }, options.answerTimeoutMs);
    call.timer.unref();
    return { resultType: 'input_required', inputRequests: call.inputRequests(), requestState: sealer.seal({ handle: call.handle, round: call.round }) };
  }

  function resume(request: ModernRequest, state: unknown, responses: Record<string, Record<string, unknown>>): ParkedCall {
    const ref = typeof state === 'string' ? sealer.open(state) : undefined;
    if (!ref) throw invalid('requestState failed its integrity check: send it as the input_required result gave it');
    const call = parked.get(ref.handle);
    if (!call) throw invalid('requestState names no request waiting here (it was answered, it expired, or another gateway process issued it); send the request again without it');
    if (call.identity !== request.identity) throw invalid(`requestState belongs to ${call.identity}, not ${request.identity}`);
    if (call.round !== ref.round || call.busy) throw invalid('requestState is from an earlier round of this request; send the latest one');
    clearTimeout(call.timer);
    call.notify = request.notify;
    call.answer(responses);
    return call;
  }

  /**
   * Runs one request of a 2026-07-28 client, or resumes the one its `requestState` names: resolves
   * with the server's result, or an `input_required` result when the server is waiting on the client.
   */
  async function forward(request: ModernRequest, start: StartUpstream): Promise<Record<string, unknown>> {
    const responses = responsesOf(request.params);
    if (request.params.requestState !== undefined) return settle(resume(request, request.params.requestState, responses), request.signal);
    const call = new ParkedCall(request.identity, responses);
    call.notify = request.notify;
    const relay: Relay = (ask) => {
      const refused = refusalOf(ask, request.clientCapabilities ?? {});
      if (refused) return Promise.resolve({ error: refused });
      if (!parked.has(call.handle) && parked.size >= options.maxParked) {
        return Promise.resolve({ error: { code: -32603, message: `toolgate holds ${options.maxParked} requests waiting for their clients already; try again later` } });
      }
      return call.ask(ask);
    };
    start(relay, call.controller.signal, (method, params) => call.notify(method, params)).then(
      (result) => call.finish({ result }),
      (thrown: unknown) => call.finish({ thrown }),
    );
    return settle(call, request.signal);
  }

  return {
    forward,
    /** Calls waiting for their clients now. */
    get parked(): number {
      return parked.size;
    },
    close(): void {
      for (const call of parked.values()) call.abandon('the gateway is shutting down');
      parked.clear();
    },
  };
}

export type InputBridge = ReturnType<typeof createInputBridge>;
