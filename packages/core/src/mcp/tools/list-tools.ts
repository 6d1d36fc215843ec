import { resultResponse, type JsonRpcRequest, type JsonRpcResponse } from '../../protocol/json-rpc.ts';
import type { DispatchContext } from '../dispatch-context.ts';
import { cacheableResult, type ServedPack } from '../served-pack.ts';

/** A pack's tools as built once at start, then a remote pack's as its server lists them now (tool-catalog.ts). */
export function listTools(request: JsonRpcRequest, context: DispatchContext, served: ServedPack): JsonRpcResponse {
  if (context.dialect !== 'modern') return resultResponse(request.id, { tools: served.tools.listed });
  return resultResponse(request.id, cacheableResult(served, { tools: served.tools.modernListed }));
}
