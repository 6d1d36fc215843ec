import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { Dispatcher, DispatchContext, Dialect } from '../mcp/dispatcher.ts';
import type { IncomingMessage, JsonRpcRequest, JsonRpcResponse } from '../mcp/json-rpc.ts';
import { ErrorCode, META_CLIENT_CAPABILITIES } from '../mcp/protocol.ts';
import { classifyRequest } from './classify-request.ts';
import { HttpProblem } from './problem.ts';
import { readJsonBody } from './read-json-body.ts';
import { requestIdOf } from './request-id.ts';

export interface McpRouteOptions {
  dispatcher: Dispatcher;
  logger: Logger;
  maxBodyBytes: number;
}

type ResponseFormat = 'json' | 'sse';

/** 2026-07-28 gives these in-band errors an HTTP status of their own; every other stays 200. */
const MODERN_ERROR_STATUS: Record<number, number> = {
  [ErrorCode.MethodNotFound]: 404,
  [ErrorCode.MissingRequiredClientCapability]: 400,
};

/** classifyRequest has checked that a 2026-07-28 request's envelope declares its capabilities. */
function envelopeCapabilities(request: JsonRpcRequest): Record<string, unknown> {
  const meta = request.params?._meta as Record<string, unknown>;
  return meta[META_CLIENT_CAPABILITIES] as Record<string, unknown>;
}

/**
 * JSON unless the client's Accept rules it out; no Accept at all (the spec's bare call) means
 * JSON. Clients send the same Accept on every call, so the last answer is remembered.
 */
function formatChooser(): (accept: string | undefined) => ResponseFormat {
  let lastHeader = '';
  let lastFormat: ResponseFormat = 'json';
  return (accept) => {
    if (!accept) return 'json';
    if (accept !== lastHeader) {
      lastFormat = parseAccept(accept);
      lastHeader = accept;
    }
    return lastFormat;
  };
}

function parseAccept(accept: string): ResponseFormat {
  const types = accept.split(',').map((part) => part.split(';', 1)[0]!.trim().toLowerCase());
  if (types.some((type) => type === 'application/json' || type === 'application/*' || type === '*/*')) return 'json';
  if (types.includes('text/event-stream')) return 'sse';
  throw new HttpProblem(406, ErrorCode.ConnectionClosed, 'Not Acceptable: Client must accept application/json or text/event-stream');
}

function send(response: Response, status: number, format: ResponseFormat, payload: JsonRpcResponse | JsonRpcResponse[]): void {
  if (format === 'json') {
    // The headers express's res.send() would set for this POST (no ETag, never a 304), written
    // directly: send() re-parses the content type and checks freshness on every call.
    const body = JSON.stringify(payload);
    response.statusCode = status;
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.setHeader('content-length', Buffer.byteLength(body));
    response.end(body);
    return;
  }
  const events = (Array.isArray(payload) ? payload : [payload]).map((message) => `event: message\ndata: ${JSON.stringify(message)}\n\n`);
  // node:http's own calls, not Express's: the MCP lane may hand in a bare response (mcp-lanes.ts).
  response.statusCode = status;
  response.setHeader('content-type', 'text/event-stream');
  response.setHeader('cache-control', 'no-cache, no-transform');
  response.setHeader('x-accel-buffering', 'no');
  response.end(events.join(''));
}

function abortOnClose(response: Response): AbortSignal {
  const controller = new AbortController();
  // Made on first use, so the client may already be gone.
  if (response.closed) {
    if (!response.writableFinished) controller.abort();
    return controller.signal;
  }
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The abort signal and the request's child logger are built on first use: most calls never
 * touch either, and making both for every request was a measurable share of its cost. A class,
 * not an object literal with getters: each such literal gets a hidden class of its own, which
 * lives in old space and kept every request's objects alive until a full GC.
 */
class LazyDispatchContext implements DispatchContext {
  readonly dialect: Dialect;
  readonly requestId: string;
  readonly clientCapabilities?: Record<string, unknown>;
  readonly #response: Response;
  readonly #parentLogger: Logger;
  #signal: AbortSignal | undefined;
  #logger: Logger | undefined;

  constructor(dialect: Dialect, requestId: string, response: Response, logger: Logger, clientCapabilities?: Record<string, unknown>) {
    this.dialect = dialect;
    this.requestId = requestId;
    this.clientCapabilities = clientCapabilities;
    this.#response = response;
    this.#parentLogger = logger;
  }

  get signal(): AbortSignal {
    return (this.#signal ??= abortOnClose(this.#response));
  }

  get logger(): Logger {
    return (this.#logger ??= this.#parentLogger.child({ requestId: this.requestId }));
  }
}

/** Serves one pack's MCP endpoint: the bare call, 2025-era clients and 2026-07-28 clients alike. */
export function createMcpRoute({ dispatcher, logger, maxBodyBytes }: McpRouteOptions): RequestHandler {
  const chooseFormat = formatChooser();

  async function answer(messages: IncomingMessage[], dialect: Dialect, response: Response) {
    // A loop, not flatMap: V8's flatMap took a visible share of a cheap call in the profile.
    const requests: JsonRpcRequest[] = [];
    for (const message of messages) if (message.kind === 'request') requests.push(message.message);
    if (requests.length === 0) return { status: 202, replies: [] as JsonRpcResponse[] };
    const context = new LazyDispatchContext(dialect, requestIdOf(response), response, logger, dialect === 'modern' ? envelopeCapabilities(requests[0]!) : undefined);
    // The usual case, one request, without Promise.all's extra promise and array.
    if (requests.length === 1) return { status: 200, replies: [await dispatcher.handle(requests[0]!, context)] };
    const replies = await Promise.all(requests.map((rpc) => dispatcher.handle(rpc, context)));
    return { status: 200, replies };
  }

  async function post(request: Request, response: Response): Promise<void> {
    const body = await readJsonBody(request, maxBodyBytes).catch((error: unknown) => {
      // A body that cannot be read is served as 2025-era (the SDK's order): Accept is judged first.
      chooseFormat(request.headers.accept);
      throw error;
    });
    const classified = classifyRequest(body, request.headers);
    // 2026-07-28 answers one JSON body whatever Accept says (as the SDK does); only the
    // 2025-era transport negotiates JSON or SSE.
    const format = classified.dialect === 'modern' ? 'json' : chooseFormat(request.headers.accept);
    const messages = classified.dialect === 'modern' ? [classified.message] : classified.messages;
    const { status, replies } = await answer(messages, classified.dialect, response);
    if (status === 202) {
      response.statusCode = 202;
      response.end();
      return;
    }
    const batch = classified.dialect === 'legacy' && classified.batch;
    const only = replies[0]!;
    const httpStatus = classified.dialect === 'modern' && 'error' in only ? (MODERN_ERROR_STATUS[only.error.code] ?? 200) : 200;
    send(response, httpStatus, format, batch ? replies : only);
  }

  // One handler rather than a Router with a POST and an ALL route: a nested router costs a
  // noticeable share of a cheap call, and this is all it did.
  return function mcpRoute(request: Request, response: Response, next: NextFunction): Promise<void> | void {
    // Mounted at /<segment>/mcp: anything below it is not ours (the app answers 404).
    // `url` first: the MCP lane's bare request has no Express `path` getter, and its url is '/'.
    if (request.url !== '/' && request.path !== '/') return next();
    if (request.method === 'POST') return post(request, response);
    // Stateless: there is no session to GET a stream from or to DELETE.
    throw new HttpProblem(405, ErrorCode.ConnectionClosed, 'Method not allowed.', { headers: { allow: 'POST' } });
  };
}
