import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  ProgressNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { CallAbandonedError } from '../remote-errors.ts';
import type { ExchangeOptions } from '../http-exchange.ts';

const anyResult = z.looseObject({});

/** Client capabilities toolgate declares to a server: it relays each to whichever client made the request. */
export const RELAYED_CLIENT_CAPABILITIES = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };

/** The SDK's own bound is set past any real one: toolgate's stops while the client is asked something. */
const NO_SDK_TIMEOUT = 2 ** 31 - 1;

interface Flight {
  options: ExchangeOptions;
}

/** A request's bound on the server's time, paused while the client is asked: aborts `controller` when it passes. */
function pausableBound(timeoutMs: number, controller: AbortController) {
  let timer: NodeJS.Timeout | undefined;
  let asking = 0;
  const arm = () => {
    clearTimeout(timer);
    if (asking === 0) timer = setTimeout(() => controller.abort(new CallAbandonedError(`no answer within ${timeoutMs} ms`, '', true)), timeoutMs);
  };
  return {
    arm,
    pause: () => {
      asking += 1;
      clearTimeout(timer);
    },
    resume: () => {
      asking -= 1;
      arm();
    },
    clear: () => clearTimeout(timer),
  };
}

/**
 * The server's requests and log lines that reach the SDK client instead of a request's own answer
 * stream: everything over stdio (one stream, and JSON-RPC says nothing of which request a
 * server's request belongs to), and over HTTP what a server sends on its session's GET stream.
 * They go to the one forwarded request in flight when there is exactly one; otherwise no client
 * can be named, and the server is told so (a request), or the line is dropped (a log line).
 * `roots/list` outside any request is answered with no roots: toolgate itself has none.
 */
export function routeClientRequests(
  client: Client,
  declared: Readonly<Record<string, unknown>>,
): { send: (method: string, params: Record<string, unknown>, options: ExchangeOptions) => Promise<Record<string, unknown>> } {
  const inFlight = new Set<Flight>();
  const only = () => (inFlight.size === 1 ? [...inFlight][0] : undefined);

  const relayed = (method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list') => async (request: { params?: Record<string, unknown> }) => {
    const flight = only();
    if (!flight) {
      if (method === 'roots/list' && inFlight.size === 0) return { roots: [] };
      throw new McpError(-32601, `toolgate cannot tell which client this ${method} is for (${inFlight.size} requests are in flight); ask within a request's own answer stream`);
    }
    const outcome = await flight.options.relay({ method, params: request.params ?? {} });
    if ('error' in outcome) throw new McpError(outcome.error.code, outcome.error.message, outcome.error.data);
    return outcome.result as never;
  };
  // The SDK takes a handler only for a capability the client declared.
  if (declared.elicitation) client.setRequestHandler(ElicitRequestSchema, relayed('elicitation/create'));
  if (declared.sampling) client.setRequestHandler(CreateMessageRequestSchema, relayed('sampling/createMessage'));
  if (declared.roots) client.setRequestHandler(ListRootsRequestSchema, relayed('roots/list'));
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => only()?.options.notify(notification.method, notification.params));
  // Progress is routed by the token toolgate sent, not by the SDK's onprogress: the SDK forgets a
  // request's token when its answer arrives, and handles notifications a microtask later, so the
  // last progress sent just before the answer (read in one chunk with it) would be lost.
  const byToken = new Map<unknown, Flight>();
  client.setNotificationHandler(ProgressNotificationSchema, (notification) => byToken.get(notification.params.progressToken)?.options.notify(notification.method, notification.params));

  async function send(method: string, params: Record<string, unknown>, options: ExchangeOptions): Promise<Record<string, unknown>> {
    const controller = new AbortController();
    const onAbort = () => controller.abort(new CallAbandonedError('the client went away', '', false));
    options.signal.addEventListener('abort', onAbort, { once: true });
    const bound = pausableBound(options.timeoutMs, controller);
    const relay: ExchangeOptions['relay'] = (ask) => {
      bound.pause();
      return options.relay(ask).finally(bound.resume);
    };
    const flight: Flight = { options: { ...options, relay } };
    const progressToken = (params._meta as { progressToken?: unknown } | undefined)?.progressToken;
    inFlight.add(flight);
    if (progressToken !== undefined) byToken.set(progressToken, flight);
    bound.arm();
    try {
      return await client.request({ method, params } as never, anyResult, { timeout: NO_SDK_TIMEOUT, signal: controller.signal });
    } finally {
      bound.clear();
      options.signal.removeEventListener('abort', onAbort);
      inFlight.delete(flight);
      byToken.delete(progressToken);
    }
  }

  return { send };
}
