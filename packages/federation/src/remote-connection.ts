import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError, type StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { PackStatus, RemoteListedTool } from '@toolgate/core';
import type { Logger } from 'pino';
import { backoffDelay } from './backoff.ts';
import { classifyCallFailure } from './call-failure.ts';
import type { ConnectionBounds } from './federation-settings.ts';
import { routeClientRequests } from './forwarding/client-routing.ts';
import { createHttpExchanger, type ExchangeOptions } from './http-exchange.ts';
import type { ToolPins } from './pinning/tool-pins.ts';
import type { ReadRate } from './read-rate.ts';
import type { Relister } from './relist.ts';
import { CallAbandonedError, SessionLostError } from './remote-errors.ts';
import { ConnectionLists } from './server-lists/connection-lists.ts';
import { boundedInstructions } from './server-lists/served-list.ts';
import { ServerOutputError } from './stdio/stdio-transport.ts';

/** A connection that stayed up this long starts the next one's backoff from the beginning. */
const STABLE_AFTER_MS = 10_000;

export interface RemoteConnectionOptions {
  /** The pack's name, in messages. */
  name: string;
  /** A fresh transport per connection: a new session, or a new child. */
  transport: () => Transport;
  /** MCP_READ_BYTES_PER_SECOND: every stream read from this server, the transport's included. */
  readRate?: ReadRate | undefined;
  kind: 'http' | 'stdio';
  bounds: ConnectionBounds;
  logger: Logger;
  redact: (text: string) => string;
  /** Which of the server's tools are served (allow and deny lists). */
  serves: (tool: string) => boolean;
  /** A Streamable HTTP server: requests go straight to it on the SDK client's session (http-exchange.ts). */
  http?: { url: URL; headers: Record<string, string> };
  /**
   * The client capabilities declared to the server: those whose requests toolgate relays to the
   * client of a request (RELAYED_CLIENT_CAPABILITIES), once the endpoint can relay them.
   */
  clientCapabilities: Record<string, unknown>;
  /** What of a changed tool definition callers get (pinning/tool-pins.ts). */
  pins: ToolPins;
}

/** A notification the server sent outside any request, as the remote pack hands it on. */
export interface ServerNotice {
  method: string;
  params?: Record<string, unknown>;
}

interface Live {
  client: Client;
  transport: Transport;
  since: number;
  relisters: Map<string, Relister>;
  /** Requests over the SDK client (stdio), with the server's requests and log lines routed. */
  send: ReturnType<typeof routeClientRequests>['send'];
}

/** The server cannot be reached now: the reason, redacted. */
export class ServerUnreachableError extends Error {
  override readonly name = 'ServerUnreachableError';
}

/**
 * One long-lived connection to an MCP server: initializes once (declaring the client capabilities
 * toolgate relays), reads its lists (within the list bounds: server-lists/), forwards requests
 * with what the server sends during them routed back (send), and reconnects with backoff when the
 * session expires, the server goes away or the child dies. Notifications the server sends outside
 * a request (list changes, a subscribed resource's update) go to the listeners.
 */
export class RemoteConnection {
  #live: Live | undefined;
  #connecting: Promise<Live> | undefined;
  readonly lists: ConnectionLists;
  #instructions: string | undefined;
  #capabilities: Readonly<Record<string, unknown>> = {};
  #lastError: string | undefined;
  #failures = 0;
  #retry: NodeJS.Timeout | undefined;
  #retryAt = 0;
  #closed = false;
  readonly #listeners = new Set<(notice: ServerNotice) => void>();
  readonly #options: RemoteConnectionOptions;
  readonly #http: ReturnType<typeof createHttpExchanger> | undefined;

  constructor(options: RemoteConnectionOptions) {
    this.#options = options;
    this.#http = options.http ? createHttpExchanger(options.http.url, options.bounds.maxAnswerBytes, undefined, options.readRate) : undefined;
    this.lists = new ConnectionLists({
      bounds: options.bounds,
      logger: options.logger,
      serves: options.serves,
      describe: (error) => this.#describe(error),
      pinning: { name: options.name, pins: options.pins },
    });
  }

  /** The tools served now (pinned): what servers:accept reads too. */
  get tools(): readonly RemoteListedTool[] {
    return this.lists.tools.entries;
  }

  /** The pins changed (the lock file was read again): what is served follows at once. */
  repin(): void {
    this.lists.tools.repin();
  }

  get instructions(): string | undefined {
    return this.#instructions;
  }

  /** The server's capabilities as its last initialize declared them. */
  get capabilities(): Readonly<Record<string, unknown>> {
    return this.#capabilities;
  }

  get connected(): boolean {
    return this.#live !== undefined;
  }

  /** The last reason the server could not be reached, or a request failed. */
  get lastError(): string | undefined {
    return this.#lastError;
  }

  status(): PackStatus {
    if (this.#live) return this.#lastError ? { state: 'degraded', detail: this.#lastError } : this.lists.status();
    const retry = this.#retry ? `; retrying in ${Math.max(0, Math.ceil((this.#retryAt - Date.now()) / 1000))} s` : '';
    return { state: 'down', detail: `${this.#lastError ?? 'not connected yet'}${retry}` };
  }

  /** Connects now; a failure is remembered, reported by status() and retried with backoff. */
  async start(): Promise<void> {
    await this.#connect().catch(() => undefined);
  }

  /** Hears the server's notifications outside requests; returns the way to stop. */
  listen(listener: (notice: ServerNotice) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Sends one request on the live connection (connecting first when it is not up), the server's
   * messages during it routed by `options`. A session the server forgot is opened again and the
   * request sent once more; a transport that failed is dropped (reconnected in the background) and
   * its error thrown; a request abandoned (timed out, the client gone) is cancelled at the server.
   */
  async send(method: string, params: Record<string, unknown>, options: ExchangeOptions): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt += 1) {
      const live = await this.#liveForRequest();
      try {
        const result = await this.#sendOn(live, method, params, options);
        if (this.#lastError && this.#live === live) this.#lastError = undefined;
        return result;
      } catch (error) {
        if (sessionLost(error, live.transport) && attempt === 0) {
          // The server forgot the session (it restarted, or expired it): initialize again and send once more.
          this.#options.logger.info({ method }, 'remote session expired; initializing a new one');
          await this.#drop(live);
          continue;
        }
        throw this.#failed(error, live, method, options);
      }
    }
  }

  async #sendOn(live: Live, method: string, params: Record<string, unknown>, options: ExchangeOptions): Promise<Record<string, unknown>> {
    if (!this.#http) return live.send(method, params, options);
    const transport = live.transport as StreamableHTTPClientTransport;
    const http = this.#options.http!;
    const session = { url: http.url, headers: options.headers ? { ...http.headers, ...options.headers } : http.headers, sessionId: transport.sessionId, protocolVersion: transport.protocolVersion };
    try {
      return await this.#http.exchange(session, method, params, options);
    } catch (error) {
      if (error instanceof CallAbandonedError) {
        // As the SDK does when a request times out or is aborted: the server may stop the work.
        const cancelled = { method: 'notifications/cancelled' as const, params: { requestId: error.requestId, reason: error.message } };
        void live.client.notification(cancelled).catch(() => undefined);
      }
      throw error;
    }
  }

  /** What a failed request means for the connection; the error, to throw on. */
  #failed(error: unknown, live: Live, method: string, options: ExchangeOptions): unknown {
    if (options.signal.aborted) return error;
    const failure = classifyCallFailure(error, live.client.transport !== undefined && this.#live === live);
    if (failure.kind === 'timeout') {
      this.#lastError = `a request (${method}) timed out after ${options.timeoutMs} ms`;
      this.#options.logger.warn({ method, timeoutMs: options.timeoutMs }, 'a forwarded request timed out');
    } else if (failure.kind === 'transport') {
      // The server is gone or the child died: reconnect in the background.
      const reason = this.#live === live || !this.#lastError ? this.#describe(error) : this.#lastError;
      void this.#drop(live, error);
      return new ServerUnreachableError(reason);
    }
    return error;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#http?.close();
    clearTimeout(this.#retry);
    const live = this.#live ?? (await this.#connecting?.catch(() => undefined));
    this.#live = undefined;
    if (live) for (const relister of live.relisters.values()) relister.close();
    if (live) await live.client.close().catch(() => undefined);
  }

  /** For a request: the live connection, or connect now unless a retry is already scheduled (then fail fast with the last reason). */
  async #liveForRequest(): Promise<Live> {
    if (this.#live) return this.#live;
    if (this.#retry && !this.#connecting) throw new ServerUnreachableError(this.#lastError ?? 'reconnecting');
    try {
      return await this.#connect();
    } catch (error) {
      throw new ServerUnreachableError(this.#describe(error));
    }
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
    // The capabilities toolgate relays to whichever client made the request: a server offers the tools that need them.
    const client = new Client({ name: 'toolgate', version: '0.1.0' }, { capabilities: this.#options.clientCapabilities });
    const relisters = this.lists.relisters(client, (method) => this.#tell({ method }));
    const live: Live = { client, transport, since: Date.now(), relisters, send: routeClientRequests(client, this.#options.clientCapabilities).send };
    client.onclose = () => {
      if (this.#live === live) void this.#drop(live, new Error('the connection closed'));
    };
    client.onerror = (error) => this.#transportError(live, error);
    for (const schema of [ToolListChangedNotificationSchema, PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema]) {
      client.setNotificationHandler(schema, async (notification) => relisters.get(notification.method)?.notify());
    }
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (notification) => this.#tell(notification));
    try {
      await client.connect(transport, { timeout: bounds.timeoutMs });
      await this.lists.readAll(client);
    } catch (error) {
      for (const relister of relisters.values()) relister.close();
      await client.close().catch(() => undefined);
      this.#lastError = this.#describe(error);
      logger.warn({ reason: this.#lastError }, 'cannot connect to the MCP server');
      this.#scheduleRetry();
      throw error;
    }
    if (this.#closed) {
      for (const relister of relisters.values()) relister.close();
      await client.close().catch(() => undefined);
      throw new Error('closed');
    }
    this.#instructions = boundedInstructions(client.getInstructions(), bounds.list.maxDescriptionLength, logger);
    this.#capabilities = (client.getServerCapabilities() ?? {}) as Record<string, unknown>;
    this.#live = live;
    this.#lastError = undefined;
    logger.info({ tools: this.lists.tools.entries.length, server: client.getServerVersion()?.name?.slice(0, 100) }, 'connected to the MCP server');
    return live;
  }

  #tell(notice: ServerNotice): void {
    for (const listener of this.#listeners) {
      try {
        listener(notice);
      } catch (error) {
        this.#options.logger.warn({ err: this.#describe(error), method: notice.method }, 'a listener of the server failed');
      }
    }
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

  /** Forgets a connection (once) and, after an error, schedules the next. */
  async #drop(live: Live, error?: unknown): Promise<void> {
    if (this.#live !== live) return;
    this.#live = undefined;
    for (const relister of live.relisters.values()) relister.close();
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
  if (transport.sessionId === undefined) return false;
  if (error instanceof SessionLostError) return true;
  return error instanceof StreamableHTTPError && (error.code === 404 || error.code === 400);
}
