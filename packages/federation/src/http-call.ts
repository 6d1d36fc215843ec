import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

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

/** The largest answer read from a server: a bound, like the gateway's own MAX_RESPONSE_BYTES. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * tools/call over Streamable HTTP on the session the SDK client opened, without the SDK's
 * per-message machinery (web streams, an SSE parser stream, schema validation of every message):
 * that path cost about twice the CPU of the call itself (docs/benchmarks.md#federation).
 * Reads a JSON answer or an SSE stream up to the event that answers this request.
 */
export function createHttpCaller(url: URL) {
  const agent = url.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  let counter = 0;

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
      outgoing.on('response', (response) => readAnswer(response, id, session.sessionId !== undefined, finish));
      outgoing.end(body);
    });
  }

  return { call, close: () => agent.destroy() };
}

function readAnswer(response: IncomingMessage, id: string, hadSession: boolean, finish: (error: Error | undefined, result?: Record<string, unknown>) => void): void {
  const status = response.statusCode ?? 0;
  const type = response.headers['content-type'] ?? '';
  const chunks: Buffer[] = [];
  let size = 0;
  let scanned = 0;
  let text = '';
  const answerOf = (message: unknown): boolean => {
    if (!message || typeof message !== 'object' || (message as { id?: unknown }).id !== id) return false;
    const { result, error } = message as { result?: Record<string, unknown>; error?: { code?: number; message?: string } };
    if (error) finish(new RemoteRpcError(String(error.message ?? 'error'), Number(error.code ?? 0)));
    else if (result && typeof result === 'object') finish(undefined, result);
    else finish(new Error('the server answered without a result'));
    return true;
  };
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) return finish(new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
    if (!type.startsWith('text/event-stream')) return void chunks.push(chunk);
    // SSE: events are separated by a blank line; the answer may follow notifications.
    text += chunk.toString('utf8');
    let end: number;
    while ((end = text.indexOf('\n\n', scanned)) !== -1) {
      const event = text.slice(scanned, end);
      scanned = end + 2;
      const data = event.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n');
      if (data && safeParse(data, answerOf)) return;
    }
  });
  response.on('end', () => {
    if (status === 404 || (status === 400 && hadSession)) return finish(new SessionLostError(`HTTP ${status}`));
    if (status < 200 || status >= 300) return finish(new Error(`HTTP ${status} from the server`));
    if (type.startsWith('text/event-stream')) return finish(new Error('the event stream ended without an answer'));
    if (!safeParse(Buffer.concat(chunks).toString('utf8'), answerOf)) finish(new Error('the server did not answer the call with JSON-RPC'));
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
