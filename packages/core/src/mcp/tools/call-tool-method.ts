import { errorResponse, resultResponse, type JsonRpcRequest, type JsonRpcResponse } from '../../protocol/json-rpc.ts';
import { ErrorCode } from '../../protocol/error-codes.ts';
import { Refusal } from '../../protocol/refusal.ts';
import { errorResult, type CallToolOutcome } from '../../protocol/tool-result.ts';
import { recordOutcome } from '../call-record.ts';
import type { DispatchContext } from '../dispatch-context.ts';
import type { ServedPack } from '../served-pack.ts';
import { callTool } from './call-tool.ts';

/** A built-in tool by name; a remote pack's tool is forwarded to its server. */
export function callToolMethod(request: JsonRpcRequest, context: DispatchContext, served: ServedPack): Promise<JsonRpcResponse> | JsonRpcResponse {
  const name = request.params?.name;
  if (typeof name !== 'string') return errorResponse(request.id, ErrorCode.InvalidParams, `Invalid params: ${request.method} needs params.name`);
  const tool = served.tools.find(name);
  if (!tool) return served.pack.remoteTools ? forward(request, name, context, served) : errorResponse(request.id, ErrorCode.InvalidParams, `Tool ${name} not found`);
  const missing = missingCapabilities(tool.requiredClientCapabilities, context.clientCapabilities);
  if (missing) {
    // Only a 2026-07-28 request declares its capabilities; that revision answers this 400.
    return new Refusal(400, ErrorCode.MissingRequiredClientCapability, `Missing required client capability: ${Object.keys(missing).join(', ')}`, {
      data: { requiredCapabilities: missing },
    }).answer(request.id);
  }
  return answerCall(request, name, context, served, () => callTool(tool, request.params?.arguments, context));
}

// A remote pack's tool: the server's own answer, unchanged (packages/federation).
function forward(request: JsonRpcRequest, name: string, context: DispatchContext, served: ServedPack): Promise<JsonRpcResponse> | JsonRpcResponse {
  const remote = served.pack.remoteTools!;
  if (!remote.list().some((tool) => tool.name === name)) {
    const answer = remote.unlisted?.(name);
    return answer ? resultResponse(request.id, answer) : errorResponse(request.id, ErrorCode.InvalidParams, `Tool ${name} not found`);
  }
  const args = request.params?.arguments;
  const forwarded = args && typeof args === 'object' ? (args as Record<string, unknown>) : undefined;
  return answerCall(request, name, context, served, async (): Promise<CallToolOutcome> => {
    try {
      const result = await remote.call(name, forwarded, context);
      return { result, outcome: result.isError ? 'tool_error' : 'ok' };
    } catch (error) {
      context.logger.error({ err: error, tool: name }, 'remote tool call failed');
      return { result: errorResult(`Internal error in ${name} (request id ${context.requestId}); the operator has the details.`), outcome: 'internal_error' };
    }
  });
}

/** One tool call, built in or remote: timed, observed, and framed for the client's dialect. */
async function answerCall(request: JsonRpcRequest, name: string, context: DispatchContext, served: ServedPack, run: () => Promise<CallToolOutcome>): Promise<JsonRpcResponse> {
  const started = performance.now();
  const { tracing, pack } = served;
  const { result, outcome } = await (tracing ? tracing.traceToolCall({ method: request.method, pack: pack.name, tool: name, jsonRpcId: request.id, meta: request.params?._meta }, run) : run());
  served.observeToolCall?.({ pack: pack.name, tool: name, outcome, seconds: (performance.now() - started) / 1000 });
  recordOutcome(outcome);
  if (context.dialect !== 'modern') return resultResponse(request.id, result);
  // A remote server's own _meta is kept; ours names the server the client talks to.
  const { modernMeta } = served.facts;
  const meta = typeof result._meta === 'object' && result._meta ? { ...result._meta, ...modernMeta } : modernMeta;
  return resultResponse(request.id, { ...result, resultType: 'complete', _meta: meta });
}

/** The required capabilities the client did not declare, or undefined when none is missing or nothing is known. */
function missingCapabilities(
  required: Record<string, Record<string, unknown>> | undefined,
  declared: Record<string, unknown> | undefined,
): Record<string, Record<string, unknown>> | undefined {
  if (!required || !declared) return undefined;
  const missing = Object.entries(required).filter(([name]) => declared[name] === undefined);
  return missing.length > 0 ? Object.fromEntries(missing) : undefined;
}
