import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { AnswerBudget, ANSWERS_HELD_PER_SERVER } from './answer-budget.ts';
import { throttle, type ReadRate } from './read-rate.ts';
import { AnswerTooLargeError } from './bounded-fetch.ts';
import { CallAbandonedError, RemoteRpcError, SessionLostError } from './remote-errors.ts';
import type { AskOutcome, Relay } from './relay/server-asks.ts';
import { classifyServerMessage } from './server-message.ts';
import { eventFields } from './sse-fields.ts';
import { SseSplitter } from './sse-splitter.ts';

/** The session the SDK client opened: where a request goes, and the headers that say whose it is. */
export interface HttpSession {
  url: URL;
  headers: Record<string, string>;
  sessionId: string | undefined;
  protocolVersion: string | undefined;
}

/** The exchange's clock, injectable so a test decides when the bound passes. */
export interface ExchangeTimers {
  set(run: () => void, ms: number): unknown;
  clear(timer: unknown): void;
}

const REAL_TIMERS: ExchangeTimers = { set: (run, ms) => setTimeout(run, ms), clear: (timer) => clearTimeout(timer as NodeJS.Timeout) };

export interface ExchangeOptions {
  /** The bound on the server's own time: it stops while the client is being asked something. */
  timeoutMs: number;
  signal: AbortSignal;
  /** The server's requests on the answer stream (elicitation, sampling, roots): the outcome is posted back. */
  relay: Relay;
  /** The server's notifications on the answer stream (progress, log lines). */
  notify(method: string, params: Record<string, unknown>): void;
  /** HTTP headers of this request's own (the trace context), beside the session's. */
  headers?: Record<string, string> | undefined;
}

/** How many times a stream the server closes before its answer is resumed (SEP-1699), and the longest wait asked. */
const MAX_RESUMES = 5;
const MAX_RETRY_MS = 5_000;

/**
 * Any request over Streamable HTTP on the session the SDK client opened, without the SDK's
 * per-message machinery (web streams, an SSE parser stream, schema validation of every message):
 * that path cost about twice the CPU of the call itself (docs/benchmarks.md#remote-packs). Reads
 * a JSON answer, or an event stream up to the event that answers this request, routing what
 * comes before it: the server's notifications to `notify`, its requests to `relay` (the outcome
 * posted back on the session). A stream the server closes early is resumed with a GET and
 * `Last-Event-ID` (SEP-1699). Every byte read, across resumptions, counts against
 * `maxAnswerBytes` (MCP_MAX_ANSWER_BYTES), and against the server's budget of answers held at once;
 * it is read no faster than `rate` (MCP_READ_BYTES_PER_SECOND).
 */
export function createHttpExchanger(url: URL, maxAnswerBytes: number, timers: ExchangeTimers = REAL_TIMERS, rate?: ReadRate) {
  const agent = url.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  let counter = 0;
  const budget = new AnswerBudget(ANSWERS_HELD_PER_SERVER * maxAnswerBytes);

  function headersOf(session: HttpSession, extra: Record<string, string>): Record<string, string> {
    return {
      ...session.headers,
      ...extra,
      ...(session.sessionId ? { 'mcp-session-id': session.sessionId } : {}),
      ...(session.protocolVersion ? { 'mcp-protocol-version': session.protocolVersion } : {}),
    };
  }

  /** Posts one message (an answer to the server's request) and reads nothing back but the status. */
  function post(session: HttpSession, message: Record<string, unknown>): Promise<void> {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    const headers = headersOf(session, { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': String(Buffer.byteLength(body)) });
    return new Promise((resolve) => {
      const outgoing = send(session.url, { method: 'POST', headers, agent });
      outgoing.on('error', () => resolve());
      outgoing.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve());
        response.on('error', () => resolve());
      });
      outgoing.end(body);
    });
  }

  function exchange(session: HttpSession, method: string, params: Record<string, unknown>, options: ExchangeOptions): Promise<Record<string, unknown>> {
    const id = `toolgate-${(counter += 1)}`;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method, params });
    return new Promise((resolve, reject) => {
      let settled = false;
      let timer: unknown;
      let asking = 0;
      let bytes = 0;
      // Bytes of this answer counted against the server's budget until it is settled.
      let reserved = 0;
      let resumes = 0;
      let lastEventId: string | undefined;
      let retryMs = 0;
      let current: ClientRequest | undefined;

      const finish = (error: Error | undefined, result?: Record<string, unknown>) => {
        if (settled) return;
        settled = true;
        budget.release(reserved);
        reserved = 0;
        timers.clear(timer);
        options.signal.removeEventListener('abort', onAbort);
        if (error) {
          current?.destroy();
          reject(error);
        } else resolve(result!);
      };
      const arm = () => {
        timers.clear(timer);
        if (asking === 0) timer = timers.set(() => finish(new CallAbandonedError(`no answer within ${options.timeoutMs} ms`, id, true)), options.timeoutMs);
      };
      const onAbort = () => finish(new CallAbandonedError('the client went away', id, false));
      options.signal.addEventListener('abort', onAbort, { once: true });
      if (options.signal.aborted) return onAbort();

      const ask = (askId: string | number, askMethod: string, askParams: Record<string, unknown>) => {
        asking += 1;
        timers.clear(timer);
        void options
          .relay({ method: askMethod, params: askParams })
          .catch((error: unknown): AskOutcome => ({ error: { code: -32603, message: error instanceof Error ? error.message : String(error) } }))
          .then(async (outcome) => {
            if (!settled) await post(session, { id: askId, ...outcome });
          })
          .finally(() => {
            asking -= 1;
            if (!settled) arm();
          });
      };
      const onMessage = (text: string): void => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return;
        }
        const message = classifyServerMessage(parsed);
        if (message.kind === 'response' && message.id === id) {
          if (message.error) return finish(new RemoteRpcError(message.error.message, message.error.code, message.error.data));
          if (!message.result) return finish(new Error('the server answered without a result'));
          return finish(undefined, message.result);
        }
        if (message.kind === 'request') ask(message.id, message.method, message.params);
        else if (message.kind === 'notification') options.notify(message.method, message.params);
      };

      const read = (response: IncomingMessage, resuming: boolean) => {
        const status = response.statusCode ?? 0;
        const events = (response.headers['content-type'] ?? '').startsWith('text/event-stream');
        if (!resuming && (status === 404 || (status === 400 && session.sessionId !== undefined))) return finish(new SessionLostError(`HTTP ${status}`));
        if (status < 200 || status >= 300) return finish(new Error(`HTTP ${status} from the server${resuming ? ' when resuming its event stream' : ''}`));
        const chunks: Buffer[] = [];
        const splitter = new SseSplitter({
          maxEventBytes: maxAnswerBytes,
          onEvent: (event) => {
            const fields = eventFields(event);
            if (fields.id !== undefined) lastEventId = fields.id;
            if (fields.retry !== undefined) retryMs = Math.min(fields.retry, MAX_RETRY_MS);
            if (fields.data) onMessage(fields.data);
          },
          onOverflow: () => finish(new AnswerTooLargeError(`the answer is larger than ${maxAnswerBytes} bytes`)),
        });
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // MCP_READ_BYTES_PER_SECOND, shared with the server's other streams.
          throttle(response, rate, chunk.length);
          // Past the bound the socket goes too: a stream that runs on after its answer is not read forever.
          if (bytes > maxAnswerBytes) {
            finish(new AnswerTooLargeError(`the answer is larger than ${maxAnswerBytes} bytes`));
            return void response.destroy();
          }
          if (settled) return;
          if (!budget.reserve(chunk.length)) return finish(new AnswerTooLargeError(`the answers this server has in flight passed ${budget.limit} bytes together`));
          reserved += chunk.length;
          if (events) splitter.push(chunk);
          else chunks.push(chunk);
        });
        response.on('end', () => {
          if (settled) return;
          if (!events) {
            onMessage(Buffer.concat(chunks).toString('utf8'));
            if (!settled) finish(new Error('the server did not answer the request with JSON-RPC'));
            return;
          }
          // SEP-1699: a server may close the stream and send the answer on the one the client resumes.
          if (lastEventId === undefined || session.sessionId === undefined || resumes >= MAX_RESUMES) return finish(new Error('the event stream ended without an answer'));
          resumes += 1;
          setTimeout(resume, retryMs).unref();
        });
        response.on('error', (error) => finish(error));
      };

      const resume = () => {
        if (settled) return;
        current = send(session.url, { method: 'GET', headers: headersOf(session, { accept: 'text/event-stream', 'last-event-id': lastEventId! }), agent });
        current.on('error', (error) => finish(error));
        current.on('response', (response) => read(response, true));
        current.end();
      };

      const headers = headersOf(session, { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': String(Buffer.byteLength(body)) });
      current = send(session.url, { method: 'POST', headers, agent });
      current.on('error', (error) => finish(error));
      current.on('response', (response) => read(response, false));
      current.end(body);
      arm();
    });
  }

  return { exchange, close: () => agent.destroy() };
}

export type HttpExchanger = ReturnType<typeof createHttpExchanger>;
