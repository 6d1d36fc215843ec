import type { Logger } from 'pino';
import type { Pack } from '../pack.ts';
import type { Caller } from '../protocol/caller.ts';
import type { JsonRpcRequest, JsonRpcResponse } from '../protocol/json-rpc.ts';
import type { Dialect } from '../protocol/revisions.ts';

/** What a method handler knows of the request besides its JSON-RPC message. */
export interface DispatchContext {
  dialect: Dialect;
  /** The X-Request-Id of the HTTP request (made when the client sent none): logs and errors name it. Not the JSON-RPC id. */
  requestId: string;
  signal: AbortSignal;
  logger: Logger;
  /** Declared in a 2026-07-28 envelope; 2025-era clients declared theirs at an initialize this stateless server never saw. */
  clientCapabilities?: Record<string, unknown>;
  /** The authenticated caller and its policy (caller-policy.ts applies it); absent on an open gateway. */
  caller?: Caller;
}

export interface Dispatcher {
  readonly pack: Pack;
  /** At `/mcp`: the packs' own dispatchers it serves (tool search reads each tool's pack from them). */
  readonly members?: readonly Dispatcher[];
  /** Answers one JSON-RPC request. Never throws. */
  handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse>;
}
