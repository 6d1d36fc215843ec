import { TASKS_EXTENSION, createdTask, detailedTask, isTerminal, legacyTask, META_RELATED_TASK } from '../tasks/task-wire.ts';
import type { Task, TaskStore } from '../tasks/task-store.ts';
import type { ToolContext } from '../tool.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import type { JsonRpcRequest } from '../protocol/json-rpc.ts';
import { Refusal } from '../protocol/refusal.ts';
import type { DispatchContext } from './dispatch-context.ts';
import { invalidParams } from './request-fault.ts';

/** Who owns a task made by this request: the caller, else the 2025 session, else nobody (anyone with its id). */
export function taskOwner(context: DispatchContext): string {
  return context.caller?.id ?? context.transport?.session?.id ?? '';
}

/** Whether a 2026-07-28 request declares the tasks extension (SEP-2663): per request, in its envelope. */
export function declaresTasks(context: DispatchContext): boolean {
  const extensions = context.clientCapabilities?.extensions as Record<string, unknown> | undefined;
  return extensions?.[TASKS_EXTENSION] !== undefined;
}

/** -32021 for a tasks method or a task-only tool from a client without the extension. */
export function tasksCapabilityMissing(): Refusal {
  return new Refusal(400, ErrorCode.MissingRequiredClientCapability, `Missing required client capability: extensions.${TASKS_EXTENSION}`, {
    data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
  });
}

type Source = DispatchContext;

/**
 * The task methods of a pack whose tools run as tasks: 2025-11-25's tasks/get, tasks/result,
 * tasks/list and tasks/cancel, and the 2026-07-28 extension's tasks/get (the result inlined),
 * tasks/update (answers to the task's questions) and tasks/cancel (an empty ack). A task another
 * owner made is "unknown" (-32602), as one that never was.
 */
export function createTaskMethods(store: TaskStore) {
  function taskOf(request: JsonRpcRequest, context: Source): Task {
    const id = request.params?.taskId;
    if (typeof id !== 'string') throw invalidParams(`Invalid params: ${request.method} needs params.taskId`);
    const task = store.get(id, taskOwner(context));
    if (!task) throw invalidParams(`Invalid params: unknown task ${id}`, { taskId: id });
    return task;
  }

  function gate(context: Source): void {
    if (context.dialect === 'modern' && !declaresTasks(context)) throw tasksCapabilityMissing();
  }

  return {
    async get(request: JsonRpcRequest, context: Source): Promise<Record<string, unknown>> {
      gate(context);
      const task = taskOf(request, context);
      return context.dialect === 'modern' ? detailedTask(task) : legacyTask(task);
    },

    /** 2025-11-25: waits for the end; the task's questions are asked on this request's stream meanwhile. */
    async result(request: JsonRpcRequest, context: Source, handler: ToolContext): Promise<Record<string, unknown>> {
      const task = taskOf(request, context);
      const ask = async () => {
        for (const [key, question] of [...task.questions]) {
          if (!handler.client?.canRequest(question.method)) continue;
          task.questions.delete(key);
          handler.client.request(question.method, question.params).then(question.answer, question.fail);
        }
      };
      const aborted = abortOf(handler.signal);
      while (!isTerminal(task)) {
        await ask();
        await Promise.race([task.finished, new Promise((resolve) => setTimeout(resolve, 250).unref()), aborted]);
        if (handler.signal.aborted) throw new Refusal(200, ErrorCode.ConnectionClosed, 'Request cancelled: the client closed the connection');
      }
      const end = task.end!;
      if ('error' in end) throw new Refusal(200, end.error.code, end.error.message, { data: end.error.data });
      const meta = { ...(end.result._meta as object | undefined), [META_RELATED_TASK]: { taskId: request.params!.taskId } };
      return { ...end.result, _meta: meta };
    },

    async list(_request: JsonRpcRequest, context: Source): Promise<Record<string, unknown>> {
      return { tasks: store.list(taskOwner(context)).map((task) => legacyTask(task)) };
    },

    async cancel(request: JsonRpcRequest, context: Source): Promise<Record<string, unknown>> {
      gate(context);
      const task = taskOf(request, context);
      if (context.dialect === 'modern') {
        store.cancel(task);
        return {};
      }
      if (isTerminal(task)) throw invalidParams(`Invalid params: task ${task.id} has already ended (${task.status}) and cannot be cancelled`);
      store.cancel(task);
      return legacyTask(task);
    },

    /** 2026-07-28: the client's answers to the task's questions, by their keys; unknown keys are ignored. */
    async update(request: JsonRpcRequest, context: Source): Promise<Record<string, unknown>> {
      gate(context);
      const task = taskOf(request, context);
      const responses = request.params?.inputResponses;
      if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) throw invalidParams(`Invalid params: ${request.method} needs params.inputResponses, an object of answers by key`);
      for (const [key, answer] of Object.entries(responses)) {
        const question = task.questions.get(key);
        if (!question) continue;
        if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw invalidParams(`Invalid params: inputResponses.${key} must be the client's result object`);
        question.answer(answer as Record<string, unknown>);
      }
      return {};
    },

    created(task: Task, modern: boolean): Record<string, unknown> {
      return modern ? createdTask(task) : { task: legacyTask(task) };
    },
  };
}

function abortOf(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
}

export type TaskMethods = ReturnType<typeof createTaskMethods>;
