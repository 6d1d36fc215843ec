import type { Logger } from 'pino';
import type { Pack } from '../pack.ts';
import type { Caller, CallerPolicy } from '../protocol/caller.ts';
import type { JsonRpcRequest, JsonRpcResponse } from '../protocol/json-rpc.ts';
import type { Dialect } from '../protocol/revisions.ts';
import type { EventSink } from '../streams/answer-stream.ts';
import type { PendingClientRequests } from '../streams/pending-client-requests.ts';
import type { Session } from '../streams/session-store.ts';

/** What reaches the client while a request runs: its answer's event stream, and (2025-era) its session. */
export interface RequestTransport {
  sink: EventSink;
  session?: Session | undefined;
  /** Where the server's questions to the session's client wait for its answers. */
  pending?: PendingClientRequests | undefined;
}

/** What a method handler knows of the request besides its JSON-RPC message. */
export interface DispatchContext {
  dialect: Dialect;
  /** The X-Request-Id of the HTTP request (made when the client sent none): logs and errors name it. Not the JSON-RPC id. */
  requestId: string;
  signal: AbortSignal;
  logger: Logger;
  /** Declared in a 2026-07-28 envelope; 2025-era clients declared theirs at an initialize this stateless server never saw. */
  clientCapabilities?: Record<string, unknown>;
  /** Who the request counts against: the caller's id, else its address (made on first use). */
  readonly clientId?: string;
  /** The authenticated caller and its policy (caller-policy.ts applies it); absent on an open gateway. */
  caller?: Caller;
  /** What reaches the client while the request runs (an event stream, a 2025 session); absent when nothing can: most calls. */
  transport?: RequestTransport | undefined;
  /** The HTTP request's headers (a 2026-07-28 tool's arguments mirrored in Mcp-Param-* headers). */
  headers?: Readonly<Record<string, string | string[] | undefined>> | undefined;
}

/** A pack's notifications outside any request (resource updates, a fronted server's list changes) and its sessions' ends. */
export interface SessionHooks {
  /** Starts listening; returns the stop. */
  listen(listener: (notification: PackNotification) => void): () => void;
  /** A session ended: its subscriptions are let go. */
  closed(session: Session): void;
}

/** A notification a pack sends outside any request, with the subscription a session must hold to receive it. */
export interface PackNotification {
  pack: string;
  method: string;
  params: Record<string, unknown>;
  /** For a resource's update: the subscription (`<pack>\u0000<uri>`) that asked for it. */
  subscription?: string;
  /** For a list change: whether a caller may hear it (one that may see that list of the pack). */
  listChange?: (policy: CallerPolicy) => boolean;
}

export interface Dispatcher {
  readonly pack: Pack;
  /** At `/mcp`: the packs' own dispatchers it serves (tool search reads each tool's pack from them). */
  readonly members?: readonly Dispatcher[];
  /** Answers one JSON-RPC request. Never throws. */
  handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse>;
  /** Present when 2025-era clients get a session at initialize (a pack with `sessions`, a fronted server, or `/mcp` serving one). */
  readonly sessions?: SessionHooks | undefined;
}
