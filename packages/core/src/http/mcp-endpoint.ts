import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { GatewayMetrics } from '../metrics.ts';
import { traceRequests } from '../observability/trace-requests.ts';
import type { Tracing } from '../observability/tracing.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { answerProblem } from './answer-problem.ts';
import type { Guard } from '../protocol/guard.ts';
import type { McpPost } from './mcp-route.ts';
import { Refusal } from '../protocol/refusal.ts';
import { requestIdFor } from './request-id.ts';
import { RequestState, type AddressIdOf } from '../protocol/request-state.ts';
import type { SessionSupport } from './session-support.ts';

export interface McpEndpointOptions {
  /** The pack's name, as metrics label it. */
  pack: string;
  /** `/<segment>/mcp`. */
  mountPath: string;
  post: McpPost;
  /** The endpoint's sessions, when its packs need them: GET opens a session's stream, DELETE ends it. */
  sessions?: SessionSupport | undefined;
  /** A browser's GET goes to the page, before any check: a person following a link has no key. */
  redirectBrowser: (request: IncomingMessage, response: ServerResponse) => boolean;
  checkOrigin: (request: IncomingMessage) => Refusal | undefined;
  /** Sets the CORS headers; true when it answered a preflight. */
  applyCors: (request: IncomingMessage, response: ServerResponse) => boolean;
  guards: readonly Guard[];
  addressIdOf: AddressIdOf;
  makeRequestId: () => string;
  metrics: GatewayMetrics;
  logger: Logger;
  /** OTEL_*: a SERVER span per request (observability/); absent, requests never touch tracing. */
  tracing?: Tracing | undefined;
}

/** What a finished response is reported to: one per endpoint. */
interface Observer {
  pack: string;
  metrics: GatewayMetrics;
  logger: Logger;
}

const OBSERVED = Symbol('toolgate.observed');
type ObservedResponse = ServerResponse & { [OBSERVED]?: { observer: Observer; started: number; requestId: string } };

// One listener function for every response, reading what it needs from the response itself:
// a closure per request was a visible share of a cheap call's allocations.
function onFinish(this: ObservedResponse): void {
  const { observer, started, requestId } = this[OBSERVED]!;
  const seconds = (performance.now() - started) / 1000;
  observer.metrics.observeRequest(observer.pack, this.statusCode, seconds);
  // Access lines are at debug: skip building them when they would be dropped.
  if (observer.logger.isLevelEnabled('debug')) {
    observer.logger.debug({ requestId, pack: observer.pack, status: this.statusCode, ms: seconds * 1000 }, 'request');
  }
}

const methodNotAllowed = () => new Refusal(405, ErrorCode.MethodNotAllowed, 'Method not allowed.', { headers: { allow: 'POST' } });

/**
 * One pack's MCP endpoint, `/<segment>/mcp` exactly, on node:http alone: every method is
 * answered here (a POST is MCP; a browser's GET is sent to the page; a preflight is answered;
 * anything else is 405, stateless as the gateway is, with no session to GET or DELETE). In
 * order: the origin check and CORS (a preflight carries no key), then the guards, then the
 * route. Every failure is a JSON-RPC error body with its status (answer-problem.ts).
 */
export function createMcpEndpoint(options: McpEndpointOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { post, guards, logger } = options;
  const observer: Observer = { pack: options.pack, metrics: options.metrics, logger };
  const trace = options.tracing ? traceRequests(options.tracing, options.mountPath) : undefined;

  async function runGuards(request: IncomingMessage, response: ServerResponse, state: RequestState): Promise<Refusal | undefined> {
    for (const guard of guards) {
      // Awaited only when it is a promise: a synchronous guard costs the request no microtask.
      let problem = guard(request, response, state);
      if (problem instanceof Promise) problem = await problem;
      if (problem) return problem;
    }
    return undefined;
  }

  async function answer(request: IncomingMessage, response: ServerResponse, state: RequestState): Promise<void> {
    if (options.applyCors(request, response)) return;
    const refused = options.checkOrigin(request) ?? (guards.length > 0 ? await runGuards(request, response, state) : undefined);
    if (refused) throw refused;
    if (request.method === 'POST') return post(request, response, state);
    // Stateless, there is no stream to GET nor session to DELETE; with a session there are.
    const sessions = options.sessions;
    if (sessions && request.method === 'GET' && sessions.stream(request, response, state)) return;
    if (sessions && request.method === 'DELETE' && sessions.end(request, state)) {
      response.statusCode = 200;
      response.end();
      return;
    }
    throw methodNotAllowed();
  }

  function serve(request: IncomingMessage, response: ServerResponse, state: RequestState): void {
    answer(request, response, state).catch((error: unknown) => {
      // A guard's refusal (or a batch over the rate limit) names its reason for the metrics.
      if (error instanceof Refusal && error.reason) options.metrics.observeRejection(error.reason);
      answerProblem(error, response, logger, state.requestId);
    });
  }

  return function mcpEndpoint(request: IncomingMessage, response: ObservedResponse): void {
    if (options.redirectBrowser(request, response)) return;
    const requestId = requestIdFor(request, options.makeRequestId);
    response.setHeader('x-request-id', requestId);
    response[OBSERVED] = { observer, started: performance.now(), requestId };
    // `on`, not `once`: a response finishes once, and `once` wraps the listener on every request.
    response.on('finish', onFinish);
    const state = new RequestState(requestId, options.mountPath, request, response, options.addressIdOf);
    // A closure only when tracing runs the request inside its span.
    if (trace) trace(request, response, () => serve(request, response, state));
    else serve(request, response, state);
  };
}
