import { errorResponse, resultResponse, type JsonRpcRequest, type JsonRpcResponse } from '../../protocol/json-rpc.ts';
import { ErrorCode } from '../../protocol/error-codes.ts';
import { Refusal } from '../../protocol/refusal.ts';
import { errorResult, type CallToolOutcome } from '../../protocol/tool-result.ts';
import { recordOutcome } from '../call-record.ts';
import type { DispatchContext } from '../dispatch-context.ts';
import { paramHeaderMismatch } from '../param-headers.ts';
import { HandlerContext } from '../request-context.ts';
import { InputRequiredResult, runWithRounds } from '../request-rounds.ts';
import type { ServedPack } from '../served-pack.ts';
import { callMaybeAsTask } from '../task-call-method.ts';
import { taskOwner } from '../task-methods.ts';
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
  const args = request.params?.arguments;
  if (context.dialect !== 'modern' && !tool.execution) {
    // Nearly every call: nothing can reach the client before the result (no event stream, no
    // session), so the tool gets the dispatch context itself and no channel is made.
    const toolContext = context.transport === undefined ? context : new HandlerContext(context, request, served.names);
    return answerCall(request, name, context, served, () => callTool(tool, args, toolContext));
  }
  const headers = context.dialect === 'modern' ? served.mirrored.get(name) : undefined;
  const mismatch = headers && paramHeaderMismatch(headers, args, (header) => headerValue(context.headers, header));
  if (mismatch) {
    return new Refusal(400, ErrorCode.HeaderMismatch, `Bad Request: the request headers and body disagree: ${mismatch}`, { data: { mismatch: { tool: name } } }).answer(request.id);
  }
  if (tool.execution) return answerCall(request, name, context, served, () => callMaybeAsTask({ tool, request, context, served }).then(outcomeOf));
  const rounds = { modern: true, params: request.params, request: `${request.method} ${name}`, sealer: served.sealer, builtIn: true };
  return answerCall(request, name, context, served, () =>
    runWithRounds(rounds, (inputResponses, requestState) => callTool(tool, args, new HandlerContext(context, request, served.names, { inputResponses, requestState }))).then(outcomeOf),
  );
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
  // 2026-07-28: the server's rounds are its own; the answers and its state reach it as sent ({} on a first round).
  const sent = context.dialect === 'modern' ? request.params?.inputResponses : undefined;
  const round = context.dialect === 'modern' ? { inputResponses: (sent as Record<string, unknown> | undefined) ?? {}, requestState: request.params?.requestState as string | undefined } : undefined;
  return answerCall(request, name, context, served, async (): Promise<CallToolOutcome> => {
    try {
      const result = await remote.call(name, forwarded, new HandlerContext(context, request, served.names, round), request.params ?? {});
      if (result.resultType === 'input_required') return { result, outcome: 'input_required' };
      served.content.remoteTasks.noteCreated(result, taskOwner(context));
      return { result, outcome: result.isError ? 'tool_error' : 'ok' };
    } catch (error) {
      if (error instanceof Refusal) throw error;
      context.logger.error({ err: error, tool: name }, 'remote tool call failed');
      return { result: errorResult(`Internal error in ${name} (request id ${context.requestId}); the operator has the details.`), outcome: 'internal_error' };
    }
  });
}

/** A 2026 round that needs the client's answers ends the call with `input_required` (counted as its own outcome). */
function outcomeOf(outcome: CallToolOutcome | InputRequiredResult): CallToolOutcome {
  return outcome instanceof InputRequiredResult ? { result: outcome.toResult() as CallToolOutcome['result'], outcome: 'input_required' } : outcome;
}

/** One tool call, built in or remote: timed, observed, and framed for the client's dialect. */
async function answerCall(request: JsonRpcRequest, name: string, context: DispatchContext, served: ServedPack, run: () => Promise<CallToolOutcome>): Promise<JsonRpcResponse> {
  const started = performance.now();
  const { tracing, pack } = served;
  const { result, outcome } = await (tracing ? tracing.traceToolCall({ method: request.method, pack: pack.name, tool: name, jsonRpcId: request.id, meta: request.params?._meta }, run) : run());
  served.observeToolCall?.({ pack: pack.name, tool: name, outcome, seconds: (performance.now() - started) / 1000 });
  recordOutcome(outcome);
  if (context.dialect !== 'modern') return resultResponse(request.id, result);
  // A remote server's own _meta is kept; ours names the server the client talks to. A result
  // that is not the call's end (input_required, a task) says so itself.
  const { modernMeta } = served.facts;
  const meta = typeof result._meta === 'object' && result._meta ? { ...result._meta, ...modernMeta } : modernMeta;
  return resultResponse(request.id, { ...result, resultType: typeof result.resultType === 'string' ? result.resultType : 'complete', _meta: meta });
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

function headerValue(headers: DispatchContext['headers'], name: string): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}
