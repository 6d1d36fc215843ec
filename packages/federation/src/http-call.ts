import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { AnswerTooLargeError } from './bounded-fetch.ts';
import { eventData, SseSplitter } from './sse-splitter.ts';

/** The server forgot the session (404, or 400 as server-everything answers): initialize again. */
export class SessionLostError extends Error {
  override readonly name = 'SessionLostError';
}

/** The server answered the call with a JSON-RPC error. */
export class RemoteRpcError extends Error {
  override readonly name = 'RemoteRpcError';
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}

/** No answer: the bound passed (`timedOut`), or the caller went away. The server is owed a cancellation. */
export class CallAbandonedError extends Error {
  override readonly name = 'CallAbandonedError';
  readonly requestId: string;
  readonly timedOut: boolean;
  constructor(message: string, requestId: string, timedOut: boolean) {
    super(message);
    this.requestId = requestId;
    this.timedOut = timedOut;
  }
}

export interface HttpSession {
  url: URL;
  headers: Record<string, string>;
  sessionId: string | undefined;
  protocolVersion: string | undefined;
}

/**
 * tools/call over Streamable HTTP on the session the SDK client opened, without the SDK's
 * per-message machinery (web streams, an SSE parser stream, schema validation of every message):
 * that path cost about twice the CPU of the call itself (docs/benchmarks.md#federation).
 * Reads a JSON answer or an SSE stream up to the event that answers this request.
 */
export function createHttpCaller(url: URL, maxAnswerBytes: number) {
  const agent = url.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  let counter = 0;
  const budget = new AnswerBudget(ANSWERS_HELD_PER_SERVER * maxAnswerBytes);

  function call(session: HttpSession, params: Record<string, unknown>, options: { timeoutMs: number; signal: AbortSignal }): Promise<Record<string, unknown>> {
    const id = `toolgate-${(counter += 1)}`;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });
    const headers: Record<string, string> = {
      ...session.headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'content-length': String(Buffer.byteLength(body)),
      ...(session.sessionId ? { 'mcp-session-id': session.sessionId } : {}),
      ...(session.protocolVersion ? { 'mcp-protocol-version': session.protocolVersion } : {}),
    };
    return new Promise((resolve, reject) => {
      const outgoing = send(session.url, { method: 'POST', headers, agent });
      let settled = false;
      const finish = (error: Error | undefined, result?: Record<string, unknown>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal.removeEventListener('abort', onAbort);
        if (error) {
          outgoing.destroy();
          reject(error);
        } else resolve(result!);
      };
      const timer = setTimeout(() => finish(new CallAbandonedError(`no answer within ${options.timeoutMs} ms`, id, true)), options.timeoutMs);
      const onAbort = () => finish(new CallAbandonedError('the client went away', id, false));
      options.signal.addEventListener('abort', onAbort, { once: true });
      outgoing.on('error', (error) => finish(error));
      outgoing.on('response', (response) => readAnswer(response, { id, hadSession: session.sessionId !== undefined, maxBytes: maxAnswerBytes, budget }, finish));
      outgoing.end(body);
    });
  }

  return { call, close: () => agent.destroy() };
}

/**
 * How many answers of the largest size one server may have held at once, across its calls in
 * flight: one answer is bounded by MCP_MAX_ANSWER_BYTES, and this bounds them together, so many
 * calls answered slowly and large cannot add up to more than this many bounds' worth of memory.
 */
const ANSWERS_HELD_PER_SERVER = 4;

/** The bytes held for one server's answers in flight: a call past the budget is refused. */
class AnswerBudget {
  readonly limit: number;
  #held = 0;
  constructor(limit: number) {
    this.limit = limit;
  }
  reserve(bytes: number): boolean {
    if (this.#held + bytes > this.limit) return false;
    this.#held += bytes;
    return true;
  }
  release(bytes: number): void {
    this.#held -= bytes;
  }
}

interface AnswerOf {
  id: string;
  hadSession: boolean;
  /** MCP_MAX_ANSWER_BYTES: a JSON body, or an event stream's every event together. */
  maxBytes: number;
  budget: AnswerBudget;
}

type Finish = (error: Error | undefined, result?: Record<string, unknown>) => void;

function readAnswer(response: IncomingMessage, { id, hadSession, maxBytes, budget }: AnswerOf, settle: Finish): void {
  const status = response.statusCode ?? 0;
  const events = (response.headers['content-type'] ?? '').startsWith('text/event-stream');
  const chunks: Buffer[] = [];
  let size = 0;
  // Bytes of this answer counted against the server's budget until it is settled or gone.
  let reserved = 0;
  const release = () => {
    budget.release(reserved);
    reserved = 0;
  };
  const finish: Finish = (error, result) => {
    release();
    settle(error, result);
  };
  const tooLarge = (message = `the answer is larger than ${maxBytes} bytes`) => {
    finish(new AnswerTooLargeError(message));
    response.destroy();
  };
  let answered = false;
  const answerOf = (message: unknown): boolean => {
    if (!message || typeof message !== 'object' || (message as { id?: unknown }).id !== id) return false;
    answered = true;
    const { result, error } = message as { result?: Record<string, unknown>; error?: { code?: number; message?: string } };
    if (error) finish(new RemoteRpcError(String(error.message ?? 'error'), Number(error.code ?? 0)));
    else if (result && typeof result === 'object') finish(undefined, result);
    else finish(new Error('the server answered without a result'));
    return true;
  };
  // SSE: the answer may follow notifications; each event is parsed once it is whole.
  const splitter = new SseSplitter({
    maxEventBytes: maxBytes,
    onEvent: (event) => {
      const data = eventData(event);
      if (data !== undefined) safeParse(data, answerOf);
    },
    onOverflow: () => tooLarge(),
  });
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    // Past the bound the socket goes too: a stream that runs on after its answer is not read forever.
    if (size > maxBytes) return tooLarge();
    if (answered) return;
    if (!budget.reserve(chunk.length)) return tooLarge(`the answers this server has in flight passed ${budget.limit} bytes together`);
    reserved += chunk.length;
    if (events) splitter.push(chunk);
    else chunks.push(chunk);
  });
  response.on('close', release);
  response.on('end', () => {
    if (status === 404 || (status === 400 && hadSession)) return finish(new SessionLostError(`HTTP ${status}`));
    if (status < 200 || status >= 300) return finish(new Error(`HTTP ${status} from the server`));
    if (events) return finish(new Error('the event stream ended without an answer'));
    if (!safeParse(Buffer.concat(chunks, size).toString('utf8'), answerOf)) finish(new Error('the server did not answer the call with JSON-RPC'));
  });
  response.on('error', (error) => finish(error));
}

function safeParse(text: string, answerOf: (message: unknown) => boolean): boolean {
  try {
    return answerOf(JSON.parse(text));
  } catch {
    return false;
  }
}
