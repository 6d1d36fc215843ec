import type { AnyToolDefinition } from '../pack.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import type { JsonRpcRequest } from '../protocol/json-rpc.ts';
import type { CallToolOutcome } from '../protocol/tool-result.ts';
import { CallTask } from '../tasks/task-call.ts';
import type { TaskEnd } from '../tasks/task-store.ts';
import type { DispatchContext } from './dispatch-context.ts';
import { invalidParams } from './request-fault.ts';
import { HandlerContext } from './request-context.ts';
import { InputRequiredResult, runWithRounds } from './request-rounds.ts';
import type { ServedPack } from './served-pack.ts';
import { declaresTasks, taskOwner, tasksCapabilityMissing } from './task-methods.ts';
import { callTool } from './tools/call-tool.ts';

type CallContext = DispatchContext;

function wantsTask(tool: AnyToolDefinition, request: JsonRpcRequest, context: CallContext): boolean {
  const required = tool.execution!.taskSupport === 'required';
  if (context.dialect === 'modern') {
    // SEP-2663: the server decides, for a client that declares the extension on this request.
    if (declaresTasks(context)) return true;
    if (required) throw tasksCapabilityMissing();
    return false;
  }
  // 2025-11-25: the client asks for a task with params.task.
  const asked = typeof request.params?.task === 'object' && request.params.task !== null;
  if (!asked && required) throw invalidParams(`Invalid params: ${tool.name} runs only as a task: call it with params.task (2025-11-25 task augmentation)`);
  return asked;
}

/** A task's end from the handler's outcome: a tool error is a completed task with isError; an internal failure, a failed one. */
function endOf(value: unknown): TaskEnd {
  const outcome = value as CallToolOutcome | InputRequiredResult;
  if (outcome instanceof InputRequiredResult) return { result: outcome.toResult() };
  if (outcome.outcome === 'internal_error') {
    const text = outcome.result.content.find((item) => item.type === 'text');
    return { error: { code: ErrorCode.InternalError, message: text && 'text' in text ? text.text : 'Internal error' } };
  }
  return { result: outcome.result };
}

export interface TaskCallSetup {
  tool: AnyToolDefinition;
  request: JsonRpcRequest;
  context: CallContext;
  served: ServedPack;
}

/**
 * A tools/call of a tool that runs as a task (ToolExecution): when the client can take one, the
 * call is answered with the task as soon as it detaches (at its start, or when the handler says,
 * after asking the client in 2026 rounds first) and runs on; otherwise it is an ordinary call.
 */
export async function callMaybeAsTask(setup: TaskCallSetup): Promise<CallToolOutcome | InputRequiredResult> {
  const { tool, request, context, served } = setup;
  const { names, content } = served;
  const args = request.params?.arguments;
  const modern = context.dialect === 'modern';
  const rounds = { modern, params: request.params, request: `${request.method} ${tool.name}`, sealer: served.sealer, builtIn: true };
  if (!wantsTask(tool, request, context)) {
    return runWithRounds(rounds, (inputResponses, requestState) => callTool(tool, args, new HandlerContext(context, request, names, { inputResponses, requestState })));
  }
  const ttl = (request.params?.task as { ttl?: unknown } | undefined)?.ttl;
  // Once the call is a task, what the client declared is still what its questions need.
  const probe = new HandlerContext(context, request, names);
  const start = { owner: taskOwner(context), pack: served.pack.name, tool: tool.name, ttlMs: typeof ttl === 'number' ? ttl : undefined, declares: (method: string) => probe.client.declares(method) };
  const call = new CallTask(content.taskStore, start, endOf);
  const work = runWithRounds(rounds, (inputResponses, requestState) => {
    if (tool.execution!.detach !== 'handler') void call.detach();
    return callTool(tool, args, new HandlerContext(context, request, names, { inputResponses, requestState, task: call }));
  });
  call.setWork(work);
  const first = await Promise.race([work.then((outcome) => ({ outcome })), call.detached.then((task) => ({ task }))]);
  if ('outcome' in first) return first.outcome;
  return { result: content.tasks.created(first.task, modern) as CallToolOutcome['result'], outcome: 'ok' };
}
