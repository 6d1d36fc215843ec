import type { Tracing } from '../observability/tracing.ts';
import type { Pack } from '../pack.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import type { JsonRpcRequest, JsonRpcResponse } from '../protocol/json-rpc.ts';
import type { DispatchContext, Dispatcher } from './dispatch-context.ts';
import { answerThrown, Refusal } from '../protocol/refusal.ts';
import type { MethodEntry, MethodTable } from './method-entry.ts';
import { METHODS } from './method-table.ts';
import { serverFacts, type ServedPack, type ToolCallObserver } from './served-pack.ts';
import { buildToolCatalog } from './tools/tool-catalog.ts';

export interface DispatcherOptions {
  onToolCall?: ToolCallObserver;
  tracing?: Tracing | undefined;
}

/**
 * The long-lived dispatcher of one pack: everything that does not depend on the request
 * (tool catalogue, JSON Schemas, server info, capabilities) is built here once; each request is
 * answered by its method's entry in the table (method-table.ts).
 */
export function createDispatcher(pack: Pack, options: DispatcherOptions = {}, methods: MethodTable = METHODS): Dispatcher {
  const serves = (entry: MethodEntry) => !entry.servedBy || entry.servedBy(pack);
  const served: ServedPack = {
    pack,
    facts: serverFacts({
      serverInfo: { name: `toolgate-${pack.name}`, version: pack.version },
      capabilities: methods.capabilities(serves),
      instructions: pack.instructions,
      remote: pack.remoteTools !== undefined,
    }),
    tools: buildToolCatalog(pack),
    observeToolCall: options.onToolCall,
    tracing: options.tracing,
  };

  // Not async: a handler's own promise is passed on as it is, and the rest are answered at once.
  function handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const entry = methods.find(request.method, context.dialect);
    if (!entry || !serves(entry)) return Promise.resolve(methodNotFound(request, context));
    return answered(entry, request, context, served);
  }

  return { pack, handle };
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
