import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PackNotification, SessionHooks } from '../mcp/dispatch-context.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import type { JsonRpcId, JsonRpcRequest } from '../protocol/json-rpc.ts';
import { Refusal } from '../protocol/refusal.ts';
import type { RequestState } from '../protocol/request-state.ts';
import { LATEST_LEGACY_PROTOCOL_VERSION } from '../protocol/revisions.ts';
import { ListChangeOutbox } from '../streams/list-change-outbox.ts';
import { PendingClientRequests } from '../streams/pending-client-requests.ts';
import { DEFAULT_SESSION_LIMITS, SessionStore, type Session, type SessionLimits } from '../streams/session-store.ts';
import type { SessionTokens } from '../streams/session-token.ts';

const KEEP_ALIVE_MS = 15_000;

function sessionIdOf(request: IncomingMessage): string | undefined {
  const value = request.headers['mcp-session-id'];
  return Array.isArray(value) ? value[0] : value;
}

const unknownSession = () =>
  new Refusal(404, ErrorCode.NotFound, 'Session not found: it expired, was closed or is not one of this deployment; open a new session', {
    data: { session: 'unknown' },
  });

/**
 * The sessions of one endpoint whose packs need them (docs/protocol.md, "Sessions"): issued at a
 * 2025-era initialize, named by Mcp-Session-Id on the client's later requests, its GET stream for
 * notifications outside requests, its DELETE to end it. Requests without a session id are served
 * statelessly as everywhere else; a session id this process does not know is 404, so the client
 * initializes again.
 */
export class SessionSupport {
  readonly store: SessionStore;
  readonly pending = new PendingClientRequests();
  readonly #hooks: SessionHooks;
  /** Requests of a session in progress, by JSON-RPC id: what notifications/cancelled stops. */
  readonly #inFlight = new Map<string, RequestState>();
  readonly #listChanges = new ListChangeOutbox();
  #stopListening: (() => void) | undefined;

  constructor(hooks: SessionHooks, tokens: SessionTokens, limits: SessionLimits = DEFAULT_SESSION_LIMITS) {
    this.#hooks = hooks;
    this.store = new SessionStore(tokens, limits, (session) => this.#closed(session));
  }

  /** The session a request names: undefined without an id, 404 for an id this process does not know (or another caller's). */
  resolve(request: IncomingMessage, state: RequestState): Session | undefined {
    const id = sessionIdOf(request);
    if (id === undefined) return undefined;
    const session = this.store.touch(id, state.caller?.id);
    if (!session) throw unknownSession();
    session.callerPolicy = state.caller?.policy;
    this.#listen();
    return session;
  }

  /** A successful 2025-era initialize opens a session: its id goes back in Mcp-Session-Id. */
  open(initialize: JsonRpcRequest, state: RequestState, response: ServerResponse): Session {
    this.#listen();
    const params = initialize.params ?? {};
    const version = typeof params.protocolVersion === 'string' ? params.protocolVersion : LATEST_LEGACY_PROTOCOL_VERSION;
    const capabilities = typeof params.capabilities === 'object' && params.capabilities !== null ? (params.capabilities as Record<string, unknown>) : {};
    const session = this.store.open(version, capabilities, state.caller?.id);
    session.callerPolicy = state.caller?.policy;
    response.setHeader('mcp-session-id', session.id);
    return session;
  }

  #listen(): void {
    this.#stopListening ??= this.#hooks.listen((notification) => this.#deliver(notification));
  }

  /** Tracks a session's request while it runs, so the client can cancel it. */
  track(session: Session, id: JsonRpcId, state: RequestState): () => void {
    const key = `${session.id}\u0000${String(id)}`;
    this.#inFlight.set(key, state);
    return () => this.#inFlight.delete(key);
  }

  /** notifications/cancelled from a session: its request of that id stops (one of another session cannot be named). */
  cancel(session: Session, params: Record<string, unknown> | undefined): void {
    const id = params?.requestId;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    const reason = typeof params?.reason === 'string' ? params.reason.slice(0, 200) : 'cancelled by the client';
    this.#inFlight.get(`${session.id}\u0000${String(id)}`)?.cancel(reason);
  }

  /** GET with a session: its stream of notifications outside requests (one per session: a new GET replaces the last). */
  stream(request: IncomingMessage, response: ServerResponse, state: RequestState): boolean {
    const session = this.resolve(request, state);
    if (!session) return false;
    session.stream?.end();
    response.statusCode = 200;
    response.setHeader('content-type', 'text/event-stream');
    response.setHeader('cache-control', 'no-cache, no-transform');
    response.setHeader('x-accel-buffering', 'no');
    response.flushHeaders();
    session.stream = response;
    // List changes that came while the client had no stream open are not lost; a slow reader's wait for it to drain.
    this.#listChanges.flush(session);
    response.on('drain', () => this.#listChanges.flush(session));
    const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    keepAlive.unref();
    response.once('close', () => {
      clearInterval(keepAlive);
      if (session.stream === response) session.stream = undefined;
    });
    return true;
  }

  /** DELETE with a session ends it. */
  end(request: IncomingMessage, state: RequestState): boolean {
    const session = this.resolve(request, state);
    if (!session) return false;
    this.store.end(session.id);
    return true;
  }

  closeAll(): void {
    this.store.closeAll();
    this.#stopListening?.();
    this.#stopListening = undefined;
  }

  /**
   * A notification outside requests: a resource's update to every session's stream that subscribed
   * to it; a list change to every session whose caller may see that list (one waiting per list).
   */
  #deliver(notification: PackNotification): void {
    const { listChange } = notification;
    if (listChange) {
      for (const session of this.store.all()) {
        if (!session.callerPolicy || listChange(session.callerPolicy)) this.#listChanges.add(session, notification.method);
      }
      return;
    }
    const message = `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: notification.method, params: notification.params })}\n\n`;
    for (const session of this.store.all()) {
      if (!session.stream || session.stream.writableNeedDrain) continue;
      if (notification.subscription !== undefined && !session.subscriptions.has(notification.subscription)) continue;
      session.stream.write(message);
    }
  }

  #closed(session: Session): void {
    this.#hooks.closed(session);
    this.#listChanges.forget(session);
    for (const key of this.#inFlight.keys()) if (key.startsWith(`${session.id}\u0000`)) this.#inFlight.delete(key);
    if (this.store.size === 0) {
      this.#stopListening?.();
      this.#stopListening = undefined;
    }
  }
}
