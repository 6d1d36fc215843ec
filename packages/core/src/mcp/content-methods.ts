import { LOG_LEVELS, type LogLevel } from '../client-channel.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { errorResponse, resultResponse, type JsonRpcRequest, type JsonRpcResponse } from '../protocol/json-rpc.ts';
import { Refusal } from '../protocol/refusal.ts';
import type { DispatchContext } from './dispatch-context.ts';
import type { MethodHandler } from './method-entry.ts';
import { HandlerContext } from './request-context.ts';
import { invalidParams } from './request-fault.ts';
import { InputRequiredResult, runWithRounds, type RoundsSetup } from './request-rounds.ts';
import type { ServedPack } from './served-pack.ts';
import { taskOwner } from './task-methods.ts';

/**
 * The handlers of everything a pack offers besides tools (method-table.ts registers them):
 * prompts, resources, completion, the log level and tasks, for built-in packs and fronted servers
 * alike (mcp/pack-content.ts holds what each reads). Each runs to a result, an `input_required`
 * round (2026-07-28) or a Refusal; `packMethod` frames it for the client's dialect and observes it.
 */

type Result = Record<string, unknown>;
type Run = (request: JsonRpcRequest, context: DispatchContext, served: ServedPack) => Result | InputRequiredResult | Promise<Result | InputRequiredResult>;

/** `cached`: a 2026-07-28 client may keep the answer for the pack's list TTL (lists and reads). */
function packMethod(run: Run, caching: 'cached' | 'fresh' = 'fresh'): MethodHandler {
  return async (request, context, served) => {
    const started = performance.now();
    let response: JsonRpcResponse;
    try {
      response = frame(request, context, served, await run(request, context, served), caching);
    } catch (error) {
      if (error instanceof Refusal) response = error.answer(request.id);
      else {
        context.logger.error({ err: error, method: request.method, pack: served.pack.name }, 'request failed');
        response = errorResponse(request.id, ErrorCode.InternalError, `Internal error (request id ${context.requestId}); the operator has the details.`);
      }
    }
    const outcome = 'error' in response ? 'error' : response.result.resultType === 'input_required' ? 'input_required' : 'ok';
    served.observeRequest?.({ pack: served.pack.name, method: request.method, outcome, seconds: (performance.now() - started) / 1000 });
    return response;
  };
}

function frame(request: JsonRpcRequest, context: DispatchContext, served: ServedPack, result: Result | InputRequiredResult, caching: 'cached' | 'fresh'): JsonRpcResponse {
  const { modernMeta } = served.facts;
  if (result instanceof InputRequiredResult) return resultResponse(request.id, { ...result.toResult(), _meta: modernMeta });
  if (context.dialect !== 'modern') return resultResponse(request.id, result);
  // A fronted server's own ttlMs for a read or list wins (it knows how fresh its data is).
  const ttl = caching === 'cached' ? { ttlMs: remoteTtl(result) ?? served.facts.listTtlMs, cacheScope: 'public' } : {};
  const resultType = typeof result.resultType === 'string' ? result.resultType : 'complete';
  return resultResponse(request.id, { ...result, resultType, ...ttl, _meta: { ...(result._meta as object | undefined), ...modernMeta } });
}

function remoteTtl(result: Result): number | undefined {
  return typeof result.ttlMs === 'number' && Number.isInteger(result.ttlMs) && result.ttlMs >= 0 ? result.ttlMs : undefined;
}

function stringParam(request: JsonRpcRequest, param: string): string {
  const value = request.params?.[param];
  if (typeof value !== 'string' || value === '') throw invalidParams(`Invalid params: ${request.method} needs params.${param}`);
  return value;
}

/** A request that may ask the client (SEP-2322 rounds for 2026-07-28); `builtIn`: the pack answers it itself (a fronted server keeps its own rounds). */
function rounds(request: JsonRpcRequest, context: DispatchContext, served: ServedPack, target: string, builtIn: boolean): RoundsSetup {
  return { modern: context.dialect === 'modern', params: request.params, request: `${request.method} ${target}`, sealer: served.sealer, builtIn };
}

export const listPrompts = packMethod((_request, _context, served) => ({ prompts: served.content.prompts.listed() }), 'cached');

export const getPrompt = packMethod((request, context, served) => {
  const name = stringParam(request, 'name');
  const { prompts } = served.content;
  return runWithRounds(rounds(request, context, served, name, prompts.find(name) !== undefined), (inputResponses, requestState) =>
    prompts.get(request.method, request.params, new HandlerContext(context, request, served.names, { inputResponses, requestState })),
  );
});

export const listResources = packMethod((_request, _context, served) => ({ resources: served.content.resources.listed() }), 'cached');

export const listResourceTemplates = packMethod((_request, _context, served) => ({ resourceTemplates: served.content.resources.templates() }), 'cached');

export const readResource = packMethod((request, context, served) => {
  const uri = stringParam(request, 'uri');
  const modern = context.dialect === 'modern';
  return runWithRounds(rounds(request, context, served, uri, !served.pack.remote), (inputResponses, requestState) =>
    served.content.resources.read(request.method, request.params, new HandlerContext(context, request, served.names, { inputResponses, requestState }), modern),
  );
}, 'cached');

export const subscribeResource = packMethod((request, context, served) =>
  served.content.subscriptions.subscribe(request.method, stringParam(request, 'uri'), context.transport?.session, new HandlerContext(context, request, served.names)),
);

export const unsubscribeResource = packMethod((request, context, served) =>
  served.content.subscriptions.unsubscribe(stringParam(request, 'uri'), context.transport?.session, new HandlerContext(context, request, served.names)),
);

export const complete = packMethod((request, context, served) => served.content.completion.complete(request.method, request.params, new HandlerContext(context, request, served.names)));

/**
 * The session's log level from now on: every log line a request of the session sends (built in,
 * or a fronted server's relayed) is filtered by it. Without a session it is accepted and changes
 * nothing: there is nothing to keep it on. A fronted server is not told (its one upstream session
 * is every client's).
 */
export const setLogLevel = packMethod((request, context) => {
  const level = request.params?.level;
  if (!LOG_LEVELS.includes(level as LogLevel)) throw invalidParams(`Invalid params: level must be one of ${LOG_LEVELS.join(', ')}`);
  const session = context.transport?.session;
  if (session) session.logLevel = level as LogLevel;
  return {};
});

/** A fronted server's tasks: forwarded, each only to its maker (remote-task-owners.ts). */
function remoteTasks(served: ServedPack): boolean {
  return served.pack.remote !== undefined && !served.pack.tools.some((tool) => tool.execution !== undefined);
}

async function forwardTask(request: JsonRpcRequest, context: DispatchContext, served: ServedPack): Promise<Result> {
  const owner = taskOwner(context);
  const taskId = request.params?.taskId;
  if (taskId !== undefined) {
    if (typeof taskId !== 'string') throw invalidParams(`Invalid params: ${request.method} needs params.taskId`);
    if (!served.content.remoteTasks.allows(taskId, owner)) throw invalidParams(`Invalid params: unknown task ${taskId}`, { taskId });
  }
  const result = await served.pack.remote!.request(request.method, request.params ?? {}, new HandlerContext(context, request, served.names));
  if (taskId !== undefined || !Array.isArray(result.tasks)) return result;
  // The server's list is every client's (one upstream session): the caller sees its own.
  return { ...result, tasks: result.tasks.filter((task) => typeof task?.taskId === 'string' && served.content.remoteTasks.made(task.taskId, owner)) };
}

export const getTask = packMethod((request, context, served) => (remoteTasks(served) ? forwardTask(request, context, served) : served.content.tasks.get(request, context)));

export const taskResult = packMethod((request, context, served) =>
  remoteTasks(served) ? forwardTask(request, context, served) : served.content.tasks.result(request, context, new HandlerContext(context, request, served.names)),
);

export const listTasks = packMethod((request, context, served) => (remoteTasks(served) ? forwardTask(request, context, served) : served.content.tasks.list(request, context)));

export const cancelTask = packMethod((request, context, served) => (remoteTasks(served) ? forwardTask(request, context, served) : served.content.tasks.cancel(request, context)));

export const updateTask = packMethod((request, context, served) => (remoteTasks(served) ? forwardTask(request, context, served) : served.content.tasks.update(request, context)));
