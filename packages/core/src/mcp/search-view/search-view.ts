import type { z } from 'zod';
import { ErrorCode } from '../../protocol/error-codes.ts';
import { errorResponse, resultResponse, type JsonRpcRequest, type JsonRpcResponse } from '../../protocol/json-rpc.ts';
import type { DispatchContext, Dispatcher } from '../dispatch-context.ts';
import type { ViewHandler } from '../method-entry.ts';
import { foundToolsResult } from './found-tools.ts';
import { CALL_TOOL, callToolInput, DEFAULT_SEARCH_LIMIT, SEARCH_TOOLS, SEARCH_VIEW_TOOLS, searchToolsInput } from './search-view-tools.ts';
import { followingIndex, type ListedTool, type PackOf, type ViewIndex } from './view-index.ts';

type ListResult = { tools: ListedTool[]; _meta?: Record<string, unknown> };

/** Which pack serves each listed name: the endpoint's own pack, or at `/mcp` the member whose `<pack>_` prefixes it. */
function packOfFor(base: Dispatcher): PackOf {
  const members = [...(base.members ?? [])].sort((a, b) => b.pack.name.length - a.pack.name.length);
  if (members.length === 0) return (name) => ({ pack: base.pack, tool: name });
  return (name) => {
    const member = members.find((candidate) => name.startsWith(`${candidate.pack.name}_`));
    return member ? { pack: member.pack, tool: name.slice(member.pack.name.length + 1) } : undefined;
  };
}

const invalid = (tool: string, error: z.ZodError) =>
  `Input validation error: Invalid arguments for tool ${tool}: ${error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ')}`;

/**
 * `?view=search`'s handlers of tools/list (`listMethod`, named by method-table.ts) and tools/call:
 * the endpoint lists two tools instead of every tool. `search_tools` searches the
 * tools the caller's key may use (the endpoint's own list for this caller, so policy decides, as it
 * does for tools/list); `call_tool` is a tools/call of the endpoint, so keys, policy, budgets,
 * audit, metrics and traces are those of a direct call and its answer is the tool's own, unchanged.
 * Any other method, and a tools/call of any other name, is answered by the endpoint as without the
 * view. search_tools calls no pack: it is neither metered nor audited.
 */
export function createSearchView(listMethod: string): { listTools: ViewHandler; callTool: ViewHandler } {
  const indexes = new WeakMap<Dispatcher, (tools: readonly ListedTool[]) => ViewIndex>();
  const indexOf = (base: Dispatcher) => {
    let follow = indexes.get(base);
    if (!follow) indexes.set(base, (follow = followingIndex(packOfFor(base))));
    return follow;
  };
  const list = (base: Dispatcher, request: JsonRpcRequest, context: DispatchContext) => base.handle({ jsonrpc: '2.0', id: request.id, method: listMethod }, context);

  async function listTools(request: JsonRpcRequest, context: DispatchContext, base: Dispatcher): Promise<JsonRpcResponse> {
    const answer = await base.handle(request, context);
    if (!('result' in answer)) return answer;
    return resultResponse(request.id, { ...answer.result, tools: SEARCH_VIEW_TOOLS });
  }

  async function searchTools(request: JsonRpcRequest, context: DispatchContext, base: Dispatcher): Promise<JsonRpcResponse> {
    const parsed = searchToolsInput.safeParse(request.params?.arguments ?? {});
    if (!parsed.success) return framed(request, context, { content: [{ type: 'text', text: invalid(SEARCH_TOOLS, parsed.error) }], isError: true });
    const visible = await list(base, request, context);
    if (!('result' in visible)) return visible;
    const { tools: mine, _meta } = visible.result as ListResult;
    // A restricted key sees part of the list: the index is built on everyone's and searched within the caller's.
    const restricted = context.caller?.policy.restricted === true;
    let all = mine;
    if (restricted) {
      const everyone = await list(base, request, { ...context, caller: undefined });
      if ('result' in everyone) all = (everyone.result as ListResult).tools;
    }
    const { tools, index } = indexOf(base)(all);
    const allowed = restricted ? new Set(mine.map((tool) => tool.name)) : undefined;
    const hits = index.search(parsed.data.query, parsed.data.limit ?? DEFAULT_SEARCH_LIMIT, allowed && ((doc) => allowed.has(tools[doc]!.name)));
    return framed(request, context, foundToolsResult(parsed.data.query, hits.map(({ doc }) => tools[doc]!)), _meta);
  }

  async function callThrough(request: JsonRpcRequest, context: DispatchContext, base: Dispatcher): Promise<JsonRpcResponse> {
    const parsed = callToolInput.safeParse(request.params?.arguments ?? {});
    if (!parsed.success) return framed(request, context, { content: [{ type: 'text', text: invalid(CALL_TOOL, parsed.error) }], isError: true });
    // The caller's own request, naming the tool: progress tokens and trace context in _meta go along.
    const { name, arguments: args } = parsed.data;
    return base.handle({ ...request, params: { ...request.params, name, arguments: args ?? {} } }, context);
  }

  async function toolsCall(request: JsonRpcRequest, context: DispatchContext, base: Dispatcher): Promise<JsonRpcResponse> {
    const name = request.params?.name;
    if (name === SEARCH_TOOLS) return searchTools(request, context, base);
    if (name === CALL_TOOL) return callThrough(request, context, base);
    if (typeof name !== 'string') return errorResponse(request.id, ErrorCode.InvalidParams, `Invalid params: ${request.method} needs params.name`);
    return base.handle(request, context);
  }

  return { listTools, callTool: toolsCall };
}

/** A result of the view's own, framed as the endpoint frames its results for the client's dialect. */
function framed(request: JsonRpcRequest, context: DispatchContext, result: Record<string, unknown>, meta?: Record<string, unknown>): JsonRpcResponse {
  if (context.dialect !== 'modern') return resultResponse(request.id, result);
  return resultResponse(request.id, { ...result, resultType: 'complete', ...(meta ? { _meta: meta } : {}) });
}
