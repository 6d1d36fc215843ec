import { pino } from 'pino';
import type { Tracing } from '../observability/tracing.ts';
import type { Pack } from '../pack.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import type { JsonRpcRequest, JsonRpcResponse } from '../protocol/json-rpc.ts';
import type { Dialect } from '../protocol/revisions.ts';
import type { DispatchContext, Dispatcher, SessionHooks } from './dispatch-context.ts';
import { answerThrown, Refusal } from '../protocol/refusal.ts';
import type { MethodEntry, MethodTable } from './method-entry.ts';
import { METHODS } from './method-table.ts';
import { buildPackContent, type PackContent } from './pack-content.ts';
import { paramHeadersOf } from './param-headers.ts';
import type { ProtocolNames } from './protocol-names.ts';
import { HandlerContext } from './request-context.ts';
import { serverFacts, type MethodObserver, type ServedPack, type ToolCallObserver } from './served-pack.ts';
import { ListenStreams } from '../streams/listen-streams.ts';
import { defaultSealer, type StateSealer } from './state-sealer.ts';
import { buildToolCatalog, type ToolCatalog } from './tools/tool-catalog.ts';

export interface DispatcherOptions {
  onToolCall?: ToolCallObserver;
  /** Told of each request the pack answers besides tool calls (prompts, resources, completion, tasks). */
  onRequest?: MethodObserver;
  tracing?: Tracing | undefined;
  /** Seals 2026-07-28 round state (STATE_SECRET); one per app, so /mcp and the pack's own URL agree. */
  sealer?: StateSealer;
  /** The app's 2026-07-28 listen streams (one bound for every endpoint); a dispatcher of its own has its own. */
  listens?: ListenStreams;
}

/**
 * The long-lived dispatcher of one pack: everything that does not depend on the request
 * (tool catalogue, JSON Schemas, server info, capabilities) is built here once; each request is
 * answered by its method's entry in the table (method-table.ts).
 */
export function createDispatcher(pack: Pack, options: DispatcherOptions = {}, methods: MethodTable = METHODS): Dispatcher {
  const serves = (entry: MethodEntry) => !entry.servedBy || entry.servedBy(pack);
  const tools = buildToolCatalog(pack);
  const content = buildPackContent(pack, methods.names);
  const served: ServedPack = {
    pack,
    facts: serverFacts({
      serverInfo: { name: `toolgate-${pack.name}`, version: pack.version },
      capabilities: capabilitiesOf(methods, serves, pack.remote ? () => true : undefined),
      instructions: pack.instructions,
      remote: pack.remoteTools !== undefined || pack.remote !== undefined,
    }),
    tools,
    content,
    mirrored: mirroredArguments(tools),
    sealer: options.sealer ?? defaultSealer(),
    notifications: (listener) => content.subscriptions.listen(listener),
    listens: options.listens ?? new ListenStreams(),
    names: methods.names,
    observeToolCall: options.onToolCall,
    observeRequest: options.onRequest,
    tracing: options.tracing,
  };

  // Not async: a handler's own promise is passed on as it is, and the rest are answered at once.
  function handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const entry = methods.find(request.method, context.dialect);
    if (!entry || !serves(entry)) return Promise.resolve(methodNotFound(request, context));
    return answered(entry, request, context, served);
  }

  return { pack, handle, sessions: needsSessions(pack) ? sessionHooks(pack, content, methods.names) : undefined };
}

/**
 * Whether 2025-era clients get a session at initialize (docs/protocol.md, "Sessions"): a pack that
 * asks its clients mid-call or has resources to subscribe to says so (`sessions: true`); a fronted
 * server may do either at any time.
 */
function needsSessions(pack: Pack): boolean {
  return pack.sessions === true || pack.remote !== undefined || pack.remoteTools !== undefined;
}

/**
 * A built-in pack's capabilities are fixed at start; a fronted server's (`fronts`: which methods
 * it serves) follow what it declares now (it may reconnect with others).
 */
export function capabilitiesOf(
  methods: MethodTable,
  serves: (entry: MethodEntry) => boolean,
  fronts: ((entry: MethodEntry) => boolean) | undefined,
): (dialect: Dialect) => Record<string, unknown> {
  if (fronts) return (dialect) => methods.capabilities(serves, dialect, fronts);
  const fixed = { legacy: methods.capabilities(serves, 'legacy'), modern: methods.capabilities(serves, 'modern') };
  return (dialect) => fixed[dialect];
}

/** The tools whose arguments a 2026-07-28 request repeats in Mcp-Param-* headers, read from their published schemas. */
function mirroredArguments(tools: ToolCatalog): ServedPack['mirrored'] {
  return new Map(tools.listed.flatMap((tool) => {
    const headers = paramHeadersOf(tool.inputSchema);
    return headers.length > 0 ? [[tool.name, headers] as const] : [];
  }));
}

/** What does not belong to any request: a closed session's subscriptions are let go with this context. */
const SESSION_CLOSED: DispatchContext = { dialect: 'legacy', requestId: 'session-closed', signal: new AbortController().signal, logger: pino({ level: 'silent' }) };

function sessionHooks(pack: Pack, content: PackContent, names: ProtocolNames): SessionHooks {
  return {
    listen: (listener) => content.subscriptions.listen(listener),
    closed: (session) => content.subscriptions.sessionClosed(session, new HandlerContext(SESSION_CLOSED, { jsonrpc: '2.0', id: 0, method: names.unsubscribe }, names)),
  };
}

/**
 * A handler's answer as a promise. A Refusal it throws is answered in band here; one it rejects
 * with is answered where the answer is awaited anyway (the route, the caller policy), so a call
 * pays no extra promise for it.
 */
export function answered(entry: MethodEntry, request: JsonRpcRequest, context: DispatchContext, served: ServedPack): Promise<JsonRpcResponse> {
  let answer: JsonRpcResponse | Promise<JsonRpcResponse>;
  try {
    answer = entry.handle(request, context, served);
  } catch (error) {
    return Promise.resolve(answerThrown(error, request.id));
  }
  return answer instanceof Promise ? answer : Promise.resolve(answer);
}

const METHOD_NOT_FOUND = { legacy: new Refusal(200, ErrorCode.MethodNotFound, 'Method not found'), modern: new Refusal(404, ErrorCode.MethodNotFound, 'Method not found') };

/** 2026-07-28 answers an unknown method 404; the 2025-era revisions answer it in band. */
export function methodNotFound(request: JsonRpcRequest, context: DispatchContext): JsonRpcResponse {
  return METHOD_NOT_FOUND[context.dialect].answer(request.id);
}
