import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Dispatcher, DispatchContext } from '../mcp/dispatch-context.ts';
import type { Dialect } from '../protocol/revisions.ts';
import { errorResponse, type IncomingMessage as JsonRpcMessage, type JsonRpcRequest, type JsonRpcResponse } from '../protocol/json-rpc.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { META_CLIENT_CAPABILITIES } from '../protocol/revisions.ts';
import type { RequestLimits } from '../limits-config.ts';
import type { Caller } from '../protocol/caller.ts';
import { answerBatch, BatchRefusals, checkBatchSize } from './batch.ts';
import { classifyRequest } from './classify-request.ts';
import type { ClientSlots } from './client-slots.ts';
import { answerThrown, Refusal, refusalOf } from '../protocol/refusal.ts';
import type { MethodTable } from '../mcp/method-entry.ts';
import { METHODS } from '../mcp/method-table.ts';
import { withView } from '../mcp/views.ts';
import { readJsonBody } from './read-json-body.ts';
import type { RequestState } from '../protocol/request-state.ts';
import type { SessionSupport } from './session-support.ts';
import type { RequestTransport } from '../mcp/dispatch-context.ts';
import { AnswerStream, NO_STREAM } from '../streams/answer-stream.ts';
import { PendingClientRequests } from '../streams/pending-client-requests.ts';
import type { Session } from '../streams/session-store.ts';

export interface McpRouteOptions {
  dispatcher: Dispatcher;
  logger: Logger;
  maxBodyBytes: number;
  limits: RequestLimits;
  /** Shared by every pack of the app: MAX_CALLS_IN_FLIGHT_PER_CLIENT holds across them. */
  slots: ClientSlots;
  /** The method table (client slots, views, the Mcp-Name header); method-table.ts's unless a test brings its own. */
  methods?: MethodTable;
  /** The endpoint's 2025-era sessions, when its packs need them (session-support.ts). */
  sessions?: SessionSupport | undefined;
}

type ResponseFormat = 'json' | 'sse';

/** Answers one MCP POST whose request has passed every check. */
export type McpPost = (request: IncomingMessage, response: ServerResponse, state: RequestState) => Promise<void>;

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
  throw new Refusal(406, ErrorCode.NotAcceptable, 'Not Acceptable: Client must accept application/json or text/event-stream');
}

function send(response: ServerResponse, status: number, format: ResponseFormat, payload: JsonRpcResponse, maxBytes: number, stream?: AnswerStream): void {
  let body: string;
  try {
    body = JSON.stringify(payload);
  } catch {
    // Nested too deep for JSON.stringify (a fronted server's list is depth-bounded before it gets here; this is the last guard).
    body = JSON.stringify(errorResponse(payload.id, ErrorCode.InternalError, 'Internal error: the answer could not be serialised as JSON'));
  }
  // A string of n UTF-16 units is at most 3n bytes: most answers skip the byte count.
  if (body.length * 3 > maxBytes && Buffer.byteLength(body) > maxBytes) {
    body = JSON.stringify(errorResponse(payload.id, ErrorCode.TooLarge, `Response too large: the answer exceeds the ${maxBytes}-byte limit; ask for less`));
  }
  // An answer that already streamed notifications ends its stream with the result.
  if (stream?.streaming) stream.finish(body);
  else write(response, status, format, body);
}

/** Whether the client takes an event stream (the bare call and JSON-only clients do not): only then can an answer stream. */
function acceptsEventStream(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes('text/event-stream');
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
function write(response: ServerResponse, status: number, format: ResponseFormat, messages: string | Buffer[]): void {
  // A single JSON answer, nearly every call, is written as the string it is; events are framed from bytes.
  const body = typeof messages !== 'string' ? framed(messages, format) : format === 'json' ? messages : framed([Buffer.from(messages)], format);
  // For JSON, the headers Express's res.send() would set for this POST (no ETag, never a 304),
  // without its re-parsing of the content type and freshness check on every call.
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

/**
 * The dispatcher's view of the request: its abort signal and child logger are made on first
 * use (most calls touch neither). A class, not an object literal with getters: each such
 * literal gets a hidden class of its own, which lives in old space and kept every request's
 * objects alive until a full GC.
 */
class LazyDispatchContext implements DispatchContext {
  readonly dialect: Dialect;
  readonly clientCapabilities?: Record<string, unknown>;
  readonly headers: IncomingMessage['headers'];
  transport: RequestTransport | undefined;
  readonly #state: RequestState;
  readonly #parentLogger: Logger;
  #logger: Logger | undefined;

  constructor(dialect: Dialect, state: RequestState, logger: Logger, headers: IncomingMessage['headers'], clientCapabilities?: Record<string, unknown>) {
    this.dialect = dialect;
    this.clientCapabilities = clientCapabilities;
    this.headers = headers;
    this.transport = undefined;
    this.#state = state;
    this.#parentLogger = logger;
  }

  get requestId(): string {
    return this.#state.requestId;
  }

  get clientId(): string {
    return this.#state.clientId;
  }

  get caller(): Caller | undefined {
    return this.#state.caller;
  }

  get signal(): AbortSignal {
    return this.#state.signal;
  }

  get logger(): Logger {
    return (this.#logger ??= this.#parentLogger.child({ requestId: this.#state.requestId }));
  }
}

/** Answers one pack's MCP POSTs: the bare call, 2025-era clients and 2026-07-28 clients alike. */
export function createMcpRoute({ dispatcher, logger, maxBodyBytes, limits, slots, methods = METHODS, sessions }: McpRouteOptions): McpPost {
  const chooseFormat = formatChooser();

  const viewed = new Map<string, Dispatcher>();

  /** The endpoint itself, or as one of the table's views sees it (`?view=`); an unknown view is refused. */
  function dispatcherFor(view: string | undefined): Dispatcher {
    if (view === undefined) return dispatcher;
    let seen = viewed.get(view);
    if (!seen) {
      const found = methods.view(view);
      if (!found) {
        const known = methods.viewNames;
        throw new Refusal(400, ErrorCode.InvalidRequest, `Bad Request: no view "${view}" here (${known.length > 0 ? `views: ${known.join(', ')}` : 'this endpoint has no views'})`);
      }
      viewed.set(view, (seen = withView(dispatcher, found)));
    }
    return seen;
  }

  /**
   * What reaches an upstream (a method whose table entry takes a client slot: tools/call) runs in
   * one of the client's slots. A call that had to wait for its slot is dropped if the client has
   * gone meanwhile.
   */
  function handle(target: Dispatcher, rpc: JsonRpcRequest, context: LazyDispatchContext, state: RequestState): Promise<JsonRpcResponse> {
    if (!methods.find(rpc.method, context.dialect)?.clientSlot) return target.handle(rpc, context);
    return slots.run(state.clientId, (waited) => (waited && context.signal.aborted ? cancelled(rpc) : target.handle(rpc, context)));
  }

  function cancelled(rpc: JsonRpcRequest): Promise<JsonRpcResponse> {
    return Promise.resolve(errorResponse(rpc.id, ErrorCode.ConnectionClosed, 'Request cancelled: the client closed the connection'));
  }

  function requestsOf(messages: JsonRpcMessage[]): JsonRpcRequest[] {
    // A loop, not flatMap: V8's flatMap took a visible share of a cheap call in the profile.
    const requests: JsonRpcRequest[] = [];
    for (const message of messages) if (message.kind === 'request') requests.push(message.message);
    return requests;
  }

  async function post(request: IncomingMessage, response: ServerResponse, state: RequestState): Promise<void> {
    const target = dispatcherFor(state.view);
    let body: unknown;
    try {
      body = await readJsonBody(request, maxBodyBytes, limits.bodyIdleTimeoutMs);
    } catch (error) {
      // A body that cannot be read is served as 2025-era (the SDK's order): Accept is judged first.
      chooseFormat(request.headers.accept);
      throw error;
    }
    if (Array.isArray(body)) checkBatchSize(body.length, limits.maxBatchSize);
    const classified = classifyRequest(body, request.headers, methods);
    // 2026-07-28 answers one JSON body whatever Accept says (as the SDK does); only the
    // 2025-era transport negotiates JSON or SSE.
    const format = classified.dialect === 'modern' ? 'json' : chooseFormat(request.headers.accept);
    const messages = classified.dialect === 'modern' ? [classified.message] : classified.messages;
    const batch = classified.dialect === 'legacy' && classified.batch;
    // The rate limit charged one point before the body was read: every message costs one.
    if (batch && messages.length > 1) await state.chargeMore?.(messages.length - 1, messages.length);
    const session = sessions && classified.dialect === 'legacy' ? sessions.resolve(request, state) : undefined;
    if (session) answerClient(session, messages);
    const requests = requestsOf(messages);
    if (requests.length === 0) {
      response.statusCode = 202;
      response.end();
      return;
    }
    const context = new LazyDispatchContext(classified.dialect, state, logger, request.headers, classified.dialect === 'modern' ? envelopeCapabilities(requests[0]!) : undefined);
    if (batch) {
      // Members not started when the client leaves are not run. A batch's answer never streams.
      if (session) context.transport = { sink: NO_STREAM, session, pending: sessions!.pending };
      const refusals = new BatchRefusals();
      const parts = await answerBatch(requests, (rpc) => (context.signal.aborted ? cancelled(rpc) : handle(target, rpc, context, state).then(refusals.note, (error: unknown) => refusals.note(answerThrown(error, rpc.id)))), limits);
      write(response, refusals.status(requests.length, response), format, parts);
      return;
    }
    const rpc = requests[0]!;
    // Only what can reach the client is built: most calls (JSON clients, no session) get nothing.
    const stream = acceptsEventStream(request.headers.accept) ? new AnswerStream(response, true) : undefined;
    if (stream || session) context.transport = { sink: stream ?? NO_STREAM, session, pending: sessions?.pending };
    const untrack = session ? sessions!.track(session, rpc.id, state) : undefined;
    let only: JsonRpcResponse;
    try {
      only = await handle(target, rpc, context, state);
    } catch (error) {
      // A method handler's rejection with a Refusal is answered in band, as a thrown one is (mcp/dispatcher.ts).
      only = answerThrown(error, rpc.id);
    } finally {
      untrack?.();
    }
    if (sessions && dispatcher.sessions && rpc.method === methods.names.initialize && classified.dialect === 'legacy' && 'result' in only) sessions.open(rpc, state, response);
    // An in-band refusal carries the status it was made with (a spent budget 429, a 2026-07-28 unknown method 404).
    const refusal = refusalOf(only);
    if (refusal && !stream?.streaming) for (const name in refusal.headers) response.setHeader(name, refusal.headers[name]!);
    send(response, stream?.streaming ? 200 : (refusal?.httpStatus ?? 200), format, only, limits.maxResponseBytes, stream);
  }

  /** A session's answers to what the server asked it, and its cancellations, go where they belong. */
  function answerClient(session: Session, messages: JsonRpcMessage[]): void {
    for (const message of messages) {
      if (message.kind === 'response' && !sessions!.pending.answer(session.id, message.message)) PendingClientRequests.relay(session.id, message.message);
      else if (message.kind === 'notification' && message.message.method === methods.names.cancelled) sessions!.cancel(session, message.message.params);
    }
  }

  // Only ever reached at /<segment>/mcp exactly, after the endpoint's checks (mcp-endpoint.ts).
  return post;
}
