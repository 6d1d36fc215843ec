import type { Caller } from '../security/policy/caller.ts';
import type { AccessPolicy } from '../security/policy/access-policy.ts';
import type { Dispatcher, DispatchContext } from './dispatcher.ts';
import { errorResponse, type JsonRpcRequest, type JsonRpcResponse } from './json-rpc.ts';
import { ErrorCode } from './protocol.ts';

/**
 * The one place a caller's policy meets a pack: wraps the pack's dispatcher so that tools/list
 * shows only the tools the caller may call and tools/call refuses the others. Every endpoint
 * that answers for a pack (its own /<segment>/mcp, the combined /mcp) goes through it, with the
 * Caller the auth step put on the DispatchContext; no caller (an open gateway) sees everything.
 */
export function withCallerPolicy(dispatcher: Dispatcher): Dispatcher {
  const pack = dispatcher.pack.name;
  // One filtered list per policy and source list: callers sharing a policy share the copy, and a
  // remote pack's new list (a new array) is filtered again.
  const filtered = new WeakMap<AccessPolicy, { source: readonly unknown[]; tools: unknown[] }>();

  function filterList(response: JsonRpcResponse, policy: AccessPolicy): JsonRpcResponse {
    if (!('result' in response)) return response;
    const result = response.result as { tools?: readonly { name: string }[]; cacheScope?: string };
    const source = result.tools;
    if (!source) return response;
    let entry = filtered.get(policy);
    if (entry?.source !== source) {
      entry = { source, tools: source.filter((tool) => policy.allowsTool(pack, tool.name)) };
      filtered.set(policy, entry);
    }
    // A 2026-07-28 list may be cached by a client: this one is the caller's, not everyone's.
    const scope = result.cacheScope === undefined ? {} : { cacheScope: 'private' };
    return { ...response, result: { ...result, tools: entry.tools, ...scope } };
  }

  function notAllowed(request: JsonRpcRequest, caller: Caller, tool: string): JsonRpcResponse {
    return errorResponse(request.id, ErrorCode.Forbidden, `Forbidden: the tool ${tool} is not allowed for this ${caller.kind}`, { tool, pack });
  }

  function handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const caller = context.caller;
    if (!caller?.policy.restricted) return dispatcher.handle(request, context);
    const { policy } = caller;
    if (request.method === 'tools/list') return dispatcher.handle(request, context).then((response) => filterList(response, policy));
    if (request.method === 'tools/call') {
      const name = request.params?.name;
      if (typeof name === 'string' && !policy.allowsTool(pack, name)) return Promise.resolve(notAllowed(request, caller, name));
    }
    return dispatcher.handle(request, context);
  }

  return { pack: dispatcher.pack, handle };
}
