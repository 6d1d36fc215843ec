import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { Dispatcher, DispatchContext, Dialect } from '../mcp/dispatcher.ts';
import { errorResponse, type IncomingMessage, type JsonRpcRequest, type JsonRpcResponse } from '../mcp/json-rpc.ts';
import { ErrorCode, META_CLIENT_CAPABILITIES } from '../mcp/protocol.ts';
import type { RequestLimits } from '../limits-config.ts';
import { chargeBatch } from '../security/batch-cost.ts';
import { CALLER, type Caller } from '../security/policy/caller.ts';
import { clientIdOf } from '../security/rate-limit.ts';
import { answerBatch, checkBatchSize } from './batch.ts';
import { classifyRequest } from './classify-request.ts';
import type { ClientSlots } from './client-slots.ts';
import { HttpProblem } from './problem.ts';
import { budgetRefusalStatus } from './refusal-status.ts';
import { readJsonBody } from './read-json-body.ts';
import { requestIdOf } from './request-id.ts';

export interface McpRouteOptions {
  dispatcher: Dispatcher;
  logger: Logger;
  maxBodyBytes: number;
  limits: RequestLimits;
  /** Shared by every pack of the app: MAX_CALLS_IN_FLIGHT_PER_CLIENT holds across them. */
  slots: ClientSlots;
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
  throw new HttpProblem(406, ErrorCode.NotAcceptable, 'Not Acceptable: Client must accept application/json or text/event-stream');
}

function send(response: Response, status: number, format: ResponseFormat, payload: JsonRpcResponse, maxBytes: number): void {
  let body = JSON.stringify(payload);
  // A string of n UTF-16 units is at most 3n bytes: most answers skip the byte count.
  if (body.length * 3 > maxBytes && Buffer.byteLength(body) > maxBytes) {
    body = JSON.stringify(errorResponse(payload.id, ErrorCode.TooLarge, `Response too large: the answer exceeds the ${maxBytes}-byte limit; ask for less`));
  }
  write(response, status, format, body);
}

const BATCH_OPEN = Buffer.from('[');
const BATCH_SEPARATOR = Buffer.from(',');
const BATCH_CLOSE = Buffer.from(']');
const EVENT_OPEN = Buffer.from('event: message\ndata: ');
const EVENT_CLOSE = Buffer.from('\n\n');

/** A batch's answer: its members' UTF-8 (batch.ts) between the framing, copied once. */
function framed(parts: Buffer[], format: ResponseFormat): Buffer {
  const pieces: Buffer[] = [];
  if (format === 'sse') {
    for (const part of parts) pieces.push(EVENT_OPEN, part, EVENT_CLOSE);
    return Buffer.concat(pieces);
  }
  pieces.push(BATCH_OPEN);
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(BATCH_SEPARATOR);
    pieces.push(part);
  });
  pieces.push(BATCH_CLOSE);
  return Buffer.concat(pieces);
}

/** One serialised message, or a batch's (serialised, encoded and bounded member by member in batch.ts). */
function write(response: Response, status: number, format: ResponseFormat, messages: string | Buffer[]): void {
  // A single JSON answer, nearly every call, is written as the string it is; events are framed from bytes.
  const body = typeof messages !== 'string' ? framed(messages, format) : format === 'json' ? messages : framed([Buffer.from(messages)], format);
  // node:http's own calls, not Express's: the MCP lane may hand in a bare response (mcp-lanes.ts).
  // For JSON, the headers express's res.send() would set for this POST (no ETag, never a 304):
  // send() re-parses the content type and checks freshness on every call.
  response.statusCode = status;
  if (format === 'json') {
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.setHeader('content-length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  } else {
    response.setHeader('content-type', 'text/event-stream');
    response.setHeader('cache-control', 'no-cache, no-transform');
    response.setHeader('x-accel-buffering', 'no');
  }
  response.end(body);
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
  readonly caller?: Caller;
  readonly #response: Response;
  readonly #parentLogger: Logger;
  #signal: AbortSignal | undefined;
  #logger: Logger | undefined;

  constructor(dialect: Dialect, requestId: string, response: Response, logger: Logger, clientCapabilities?: Record<string, unknown>) {
    this.dialect = dialect;
    this.requestId = requestId;
    this.clientCapabilities = clientCapabilities;
    this.caller = response.locals[CALLER] as Caller | undefined;
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
export function createMcpRoute({ dispatcher, logger, maxBodyBytes, limits, slots }: McpRouteOptions): RequestHandler {
  const chooseFormat = formatChooser();

  /**
   * tools/call is what reaches an upstream: it runs in one of the client's slots. A call that
   * had to wait for its slot is dropped if the client has gone meanwhile.
   */
  function handle(rpc: JsonRpcRequest, context: LazyDispatchContext, request: Request, response: Response): Promise<JsonRpcResponse> {
    if (rpc.method !== 'tools/call') return dispatcher.handle(rpc, context);
    return slots.run(clientIdOf(request, response), (waited) => (waited && context.signal.aborted ? cancelled(rpc) : dispatcher.handle(rpc, context)));
  }

  function cancelled(rpc: JsonRpcRequest): Promise<JsonRpcResponse> {
    return Promise.resolve(errorResponse(rpc.id, ErrorCode.ConnectionClosed, 'Request cancelled: the client closed the connection'));
  }

  function requestsOf(messages: IncomingMessage[]): JsonRpcRequest[] {
    // A loop, not flatMap: V8's flatMap took a visible share of a cheap call in the profile.
    const requests: JsonRpcRequest[] = [];
    for (const message of messages) if (message.kind === 'request') requests.push(message.message);
    return requests;
  }

  async function post(request: Request, response: Response): Promise<void> {
    let body: unknown;
    try {
      body = await readJsonBody(request, maxBodyBytes, limits.bodyIdleTimeoutMs);
    } catch (error) {
      // A body that cannot be read is served as 2025-era (the SDK's order): Accept is judged first.
      chooseFormat(request.headers.accept);
      throw error;
    }
    if (Array.isArray(body)) checkBatchSize(body.length, limits.maxBatchSize);
    const classified = classifyRequest(body, request.headers);
    // 2026-07-28 answers one JSON body whatever Accept says (as the SDK does); only the
    // 2025-era transport negotiates JSON or SSE.
    const format = classified.dialect === 'modern' ? 'json' : chooseFormat(request.headers.accept);
    const messages = classified.dialect === 'modern' ? [classified.message] : classified.messages;
    const batch = classified.dialect === 'legacy' && classified.batch;
    if (batch) await chargeBatch(response, messages.length);
    const requests = requestsOf(messages);
    if (requests.length === 0) {
      response.statusCode = 202;
      response.end();
      return;
    }
    const context = new LazyDispatchContext(classified.dialect, requestIdOf(response), response, logger, classified.dialect === 'modern' ? envelopeCapabilities(requests[0]!) : undefined);
    if (batch) {
      // Members not started when the client leaves are not run.
      const parts = await answerBatch(requests, (rpc) => (context.signal.aborted ? cancelled(rpc) : handle(rpc, context, request, response)), limits);
      write(response, 200, format, parts);
      return;
    }
    const only = await handle(requests[0]!, context, request, response);
    const httpStatus = budgetRefusalStatus(only, response) ?? (classified.dialect === 'modern' && 'error' in only ? (MODERN_ERROR_STATUS[only.error.code] ?? 200) : 200);
    send(response, httpStatus, format, only, limits.maxResponseBytes);
  }

  // One handler rather than a Router with a POST and an ALL route: a nested router costs a
  // noticeable share of a cheap call, and this is all it did.
  // Only ever reached at /<segment>/mcp exactly: createApp mounts it behind exactPath, and the
  // MCP lane matches the exact path, so anything below it (a trailing slash too) is a 404 there.
  return function mcpRoute(request: Request, response: Response): Promise<void> | void {
    if (request.method === 'POST') return post(request, response);
    // Stateless: there is no session to GET a stream from or to DELETE.
    throw new HttpProblem(405, ErrorCode.MethodNotAllowed, 'Method not allowed.', { headers: { allow: 'POST' } });
  };
}
