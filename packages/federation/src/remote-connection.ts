import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError, type StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorResult, type CallToolResult, type PackStatus, type RemoteListedTool, type ToolContext, type Tracing } from '@toolgate/core';
import type { Logger } from 'pino';
import { z } from 'zod';
import { backoffDelay } from './backoff.ts';
import { classifyCallFailure } from './call-failure.ts';
import type { ConnectionBounds } from './federation-settings.ts';
import { CallAbandonedError, createHttpCaller, SessionLostError } from './http-call.ts';
import { Relister } from './relist.ts';
import type { ToolPins } from './pinning/tool-pins.ts';
import { ServerOutputError } from './stdio/stdio-transport.ts';
import { logStrictHostRefusals } from './strict-host-report.ts';
import { ServedTools } from './tool-list/served-tools.ts';
import { readToolList } from './tool-list/read-tool-list.ts';

// Loose on purpose: what the server sends is passed on verbatim, not rebuilt by the SDK's schemas.
const toolsPageSchema = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });
const callResultSchema = z.looseObject({ content: z.array(z.unknown()) });

/** A connection that stayed up this long starts the next one's backoff from the beginning. */
const STABLE_AFTER_MS = 10_000;

export interface RemoteConnectionOptions {
  /** The pack's name, in messages. */
  name: string;
  /** A fresh transport per connection: a new session, or a new child. */
  transport: () => Transport;
  kind: 'http' | 'stdio';
  bounds: ConnectionBounds;
  logger: Logger;
  redact: (text: string) => string;
  /** Which of the server's tools are served (allow and deny lists). */
  serves: (tool: string) => boolean;
  /** A Streamable HTTP server: tools/call goes straight to it on the SDK client's session (http-call.ts). */
  http?: { url: URL; headers: Record<string, string> };
  /** OpenTelemetry: each forwarded call gets a CLIENT span, carried on to the server. None when off. */
  tracing?: Tracing | undefined;
  /** What of a changed tool definition callers get (pinning/tool-pins.ts). */
  pins: ToolPins;
}

/** W3C trace context for one call: HTTP headers, and MCP's own `params._meta` (SEP-414). */
type TraceContext = Record<string, string>;

interface Live {
  client: Client;
  transport: Transport;
  since: number;
  relist: Relister;
}

/**
 * One long-lived connection to an MCP server: initializes once, lists its tools (within the
 * list bounds: served-tools.ts), forwards calls, and reconnects with backoff when the session
 * expires, the server goes away or the child dies.
 */
export class RemoteConnection {
  #live: Live | undefined;
  #connecting: Promise<Live> | undefined;
  readonly #served: ServedTools;
  #instructions: string | undefined;
  #lastError: string | undefined;
  #failures = 0;
  #retry: NodeJS.Timeout | undefined;
  #retryAt = 0;
  #closed = false;
  readonly #options: RemoteConnectionOptions;
  readonly #http: ReturnType<typeof createHttpCaller> | undefined;

  constructor(options: RemoteConnectionOptions) {
    this.#options = options;
    this.#http = options.http ? createHttpCaller(options.http.url, options.bounds.maxAnswerBytes) : undefined;
    this.#served = new ServedTools({ name: options.name, logger: options.logger, pins: options.pins });
  }

  get tools(): readonly RemoteListedTool[] {
    return this.#served.tools;
  }

  /** The pins changed (the lock file was read again): what is served follows at once. */
  repin(): void {
    this.#served.repin();
  }

  get instructions(): string | undefined {
    return this.#instructions;
  }

  /** Lists started after a `tools/list_changed` on the live connection: what a test counts. */
  get relists(): number {
    return this.#live?.relist.started ?? 0;
  }

  status(): PackStatus {
    if (this.#live) {
      if (this.#lastError) return { state: 'degraded', detail: this.#lastError };
      return this.#served.status();
    }
    const retry = this.#retry ? `; retrying in ${Math.max(0, Math.ceil((this.#retryAt - Date.now()) / 1000))} s` : '';
    return { state: 'down', detail: `${this.#lastError ?? 'not connected yet'}${retry}` };
  }

  /** Connects now; a failure is remembered, reported by status() and retried with backoff. */
  async start(): Promise<void> {
    await this.#connect().catch(() => undefined);
  }

  call(name: string, args: Record<string, unknown> | undefined, context: ToolContext): Promise<CallToolResult> {
    const { tracing } = this.#options;
    if (!tracing) return this.#forward(name, args, context, undefined);
    return tracing.traceClientCall(`tools/call ${name}`, this.#spanAttributes(name), (trace) => this.#forward(name, args, context, trace), (result) =>
      result.isError ? 'tool_error' : undefined,
    );
  }

  /** The MCP conventions' client span attributes. */
  #spanAttributes(name: string): Record<string, string | number> {
    const attributes: Record<string, string | number> = {
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': name,
      'gen_ai.operation.name': 'execute_tool',
      'network.transport': this.#options.kind === 'http' ? 'tcp' : 'pipe',
      'toolgate.pack': this.#options.name,
    };
    const url = this.#options.http?.url;
    if (url) {
      attributes['server.address'] = url.hostname;
      attributes['server.port'] = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    }
    return attributes;
  }

  async #forward(name: string, args: Record<string, unknown> | undefined, context: ToolContext, trace: TraceContext | undefined): Promise<CallToolResult> {
    const first = await this.#attempt(name, args, context, trace);
    if (first.kind === 'done') return first.result;
    // The server forgot the session (it restarted, or expired it): initialize again and retry once.
    this.#options.logger.info({ tool: name }, 'remote session expired; initializing a new one');
    await this.#drop(first.live);
    const second = await this.#attempt(name, args, context, trace);
    return second.kind === 'done' ? second.result : this.#unavailable(name, 'it refused the new session too');
  }

  /**
   * A call of a tool not listed, when there is a better answer than "not found": while the server
   * has never been reached its tools are unknown, and a refused list serves none of them.
   */
  unlisted(name: string): CallToolResult | undefined {
    const refused = this.#served.listProblem;
    if (refused) return errorResult(`${this.#options.name}: ${name} is not served: ${refused}`);
    return this.#served.everListed || this.#live ? undefined : this.#unavailable(name, this.#lastError ?? 'not connected yet');
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#http?.close();
    clearTimeout(this.#retry);
    const live = this.#live ?? (await this.#connecting?.catch(() => undefined));
    this.#live = undefined;
    live?.relist.close();
    if (live) await live.client.close().catch(() => undefined);
  }

  async #attempt(
    name: string,
    args: Record<string, unknown> | undefined,
    context: ToolContext,
    trace: TraceContext | undefined,
  ): Promise<{ kind: 'done'; result: CallToolResult } | { kind: 'session-lost'; live: Live }> {
    let live: Live;
    try {
      live = this.#live ?? (await this.#connectForCall());
    } catch (error) {
      return { kind: 'done', result: this.#unavailable(name, this.#describe(error)) };
    }
    try {
      const params = { name, ...(args ? { arguments: args } : {}), ...(trace ? { _meta: trace } : {}) };
      const raw = this.#http
        ? await this.#callOverHttp(live, params, context.signal, trace)
        : await live.client.request({ method: 'tools/call', params }, callResultSchema, { timeout: this.#options.bounds.timeoutMs, signal: context.signal });
      if (this.#lastError && this.#live === live) this.#lastError = undefined;
      return { kind: 'done', result: raw as CallToolResult };
    } catch (error) {
      if (sessionLost(error, live.transport)) return { kind: 'session-lost', live };
      return { kind: 'done', result: this.#failedCall(name, error, live, context.signal) };
    }
  }

  /** tools/call straight to the server on the SDK client's session (http-call.ts). */
  async #callOverHttp(live: Live, params: Record<string, unknown>, signal: AbortSignal, trace: TraceContext | undefined): Promise<Record<string, unknown>> {
    const transport = live.transport as StreamableHTTPClientTransport;
    const http = this.#options.http!;
    const headers = trace ? { ...http.headers, ...trace } : http.headers;
    const session = { url: http.url, headers, sessionId: transport.sessionId, protocolVersion: transport.protocolVersion };
    try {
      const result = await this.#http!.call(session, params, { timeoutMs: this.#options.bounds.timeoutMs, signal });
      if (!callResultSchema.safeParse(result).success) throw new McpError(-32602, 'the server answered the call with something that is not a tool result');
      return result;
    } catch (error) {
      if (error instanceof SessionLostError) throw new StreamableHTTPError(404, error.message);
      if (error instanceof CallAbandonedError) {
        // As the SDK does when a request times out or is aborted: the server may stop the work.
        const cancelled = { method: 'notifications/cancelled' as const, params: { requestId: error.requestId, reason: error.message } };
        void live.client.notification(cancelled).catch(() => undefined);
      }
      throw error;
    }
  }

  #failedCall(name: string, error: unknown, live: Live, signal: AbortSignal): CallToolResult {
    const { logger, bounds, redact } = this.#options;
    const pack = this.#options.name;
    const failure = signal.aborted ? ({ kind: 'cancelled' } as const) : classifyCallFailure(error, live.client.transport !== undefined && this.#live === live);
    switch (failure.kind) {
      case 'timeout':
        this.#lastError = `a call to ${name} timed out after ${bounds.timeoutMs} ms`;
        logger.warn({ tool: name, timeoutMs: bounds.timeoutMs }, 'remote tool call timed out');
        return errorResult(`${pack}: ${name} did not answer within ${bounds.timeoutMs} ms (MCP_SERVER_TIMEOUT_MS); try again later.`);
      case 'cancelled':
        return errorResult(`${pack}: the call to ${name} was cancelled.`);
      case 'refused':
        // The server answered with a JSON-RPC error (unknown tool, invalid params, its own -32000): its words.
        return errorResult(`${pack}: the server refused the call to ${name}: ${redact(failure.message)}`);
      case 'too-large':
        logger.warn({ tool: name, maxAnswerBytes: bounds.maxAnswerBytes }, 'a remote answer passed MCP_MAX_ANSWER_BYTES and was not read further');
        return errorResult(`${pack}: the answer to ${name} was refused: ${failure.message} (MCP_MAX_ANSWER_BYTES).`);
      case 'transport': {
        // The server is gone or the child died. Reconnect in the background.
        const reason = this.#live === live || !this.#lastError ? this.#describe(error) : this.#lastError;
        void this.#drop(live, error);
        return this.#unavailable(name, reason);
      }
    }
  }

  #unavailable(name: string, reason: string): CallToolResult {
    return errorResult(`${this.#options.name}: ${name} is unavailable: the MCP server cannot be reached (${reason}); try again later.`);
  }

  /** For a call: connect now unless a retry is already scheduled (then fail fast with the last reason). */
  #connectForCall(): Promise<Live> {
    if (this.#connecting) return this.#connecting;
    if (this.#retry) return Promise.reject(new Error(this.#lastError ?? 'reconnecting'));
    return this.#connect();
  }

  #connect(): Promise<Live> {
    this.#connecting ??= this.#open().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #open(): Promise<Live> {
    const { logger, bounds } = this.#options;
    const transport = this.#options.transport();
    const client = new Client({ name: 'toolgate', version: '0.1.0' }, { capabilities: {} });
    const relist = new Relister({ list: () => this.#relist(client), minIntervalMs: bounds.relistIntervalMs, logger });
    const live: Live = { client, transport, since: Date.now(), relist };
    client.onclose = () => {
      if (this.#live === live) void this.#drop(live, new Error('the connection closed'));
    };
    client.onerror = (error) => this.#transportError(live, error);
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => relist.notify());
    try {
      await client.connect(transport, { timeout: bounds.timeoutMs });
      await this.#listTools(client);
    } catch (error) {
      relist.close();
      await client.close().catch(() => undefined);
      this.#lastError = this.#describe(error);
      logger.warn({ reason: this.#lastError }, 'cannot connect to the MCP server');
      this.#scheduleRetry();
      throw error;
    }
    if (this.#closed) {
      relist.close();
      await client.close().catch(() => undefined);
      throw new Error('closed');
    }
    this.#instructions = this.#served.instructionsOf(client.getInstructions(), bounds.list.maxDescriptionLength);
    this.#live = live;
    this.#lastError = undefined;
    logger.info({ tools: this.#served.tools.length, server: client.getServerVersion()?.name?.slice(0, 100) }, 'connected to the MCP server');
    return live;
  }

  /** A stdio child that breaks the protocol cannot be trusted with the next answer: restarted. */
  #transportError(live: Live, error: Error): void {
    if (this.#options.kind !== 'stdio') return;
    if (error instanceof ServerOutputError) {
      this.#options.logger.error({ reason: error.message }, 'the server broke the stdio protocol; restarting it');
      void this.#drop(live, error);
    } else if (error instanceof SyntaxError || error.name === 'ZodError') {
      this.#options.logger.error({ err: this.#options.redact(error.message.slice(0, 500)) }, 'the server wrote something other than JSON-RPC to stdout; restarting it');
      void this.#drop(live, new Error('the server wrote garbage to stdout and was restarted'));
    }
  }

  /** The list once more, after `tools/list_changed` (coalesced: relist.ts); a failure leaves the last list served. */
  async #relist(client: Client): Promise<void> {
    await this.#listTools(client).catch((error: unknown) => this.#options.logger.warn({ err: this.#describe(error) }, 'listing tools again failed'));
  }

  async #listTools(client: Client): Promise<void> {
    const { bounds, serves } = this.#options;
    const page = (cursor: string | undefined) => client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, toolsPageSchema, { timeout: bounds.timeoutMs });
    this.#served.apply(await readToolList(page, bounds.list, serves));
    logStrictHostRefusals(this.#served.tools, this.#options.logger);
  }

  /** Forgets a connection (once) and, after an error, schedules the next. */
  async #drop(live: Live, error?: unknown): Promise<void> {
    if (this.#live !== live) return;
    this.#live = undefined;
    live.relist.close();
    if (Date.now() - live.since >= STABLE_AFTER_MS) this.#failures = 0;
    if (error !== undefined) {
      this.#lastError = this.#describe(error);
      this.#options.logger.warn({ reason: this.#lastError }, 'lost the MCP server');
      this.#scheduleRetry();
    }
    await live.client.close().catch(() => undefined);
  }

  #scheduleRetry(): void {
    if (this.#closed || this.#retry) return;
    const delay = backoffDelay(this.#failures);
    this.#failures += 1;
    this.#retryAt = Date.now() + delay;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.#connect().catch(() => undefined);
    }, delay);
    this.#retry.unref();
  }

  #describe(error: unknown): string {
    const message = error instanceof Error ? error.message : String(error);
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return this.#options.redact(`${message}${cause}`).slice(0, 500);
  }
}

/** 404 is the spec's answer to an expired session; some servers (server-everything) answer 400. */
function sessionLost(error: unknown, transport: Transport): boolean {
  if (!(error instanceof StreamableHTTPError) || transport.sessionId === undefined) return false;
  return error.code === 404 || error.code === 400;
}
