import { TERMINAL, type Task } from './task-store.ts';

/** The tasks extension's identifier (SEP-2663), in capabilities.extensions. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** 2025-11-25: what ties a message to its task. */
export const META_RELATED_TASK = 'io.modelcontextprotocol/related-task';

const iso = (ms: number) => new Date(ms).toISOString();

/** 2025-11-25's Task object: what CreateTaskResult wraps and tasks/get, tasks/list and tasks/cancel answer. */
export function legacyTask(task: Task, taskId = task.id): Record<string, unknown> {
  return {
    taskId,
    status: task.status,
    ttl: task.ttlMs,
    createdAt: iso(task.createdAt),
    lastUpdatedAt: iso(task.lastUpdatedAt),
    pollInterval: task.pollIntervalMs,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
  };
}

/** The tasks extension's flat task fields (SEP-2663: `ttlMs`, `pollIntervalMs`; no `requestState`). */
function modernTask(task: Task, taskId: string): Record<string, unknown> {
  return {
    taskId,
    status: task.status,
    createdAt: iso(task.createdAt),
    lastUpdatedAt: iso(task.lastUpdatedAt),
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
  };
}

/** 2026-07-28 CreateTaskResult: flat, `resultType: "task"`, never the result itself. */
export function createdTask(task: Task, taskId = task.id): Record<string, unknown> {
  return { resultType: 'task', ...modernTask(task, taskId) };
}

/** 2026-07-28 tasks/get: the task, with its result, its error or its open questions inlined by status. */
export function detailedTask(task: Task, taskId = task.id): Record<string, unknown> {
  const detail: Record<string, unknown> = { resultType: 'complete', ...modernTask(task, taskId) };
  if (task.status === 'completed' && task.end && 'result' in task.end) detail.result = task.end.result;
  if (task.status === 'failed' && task.end && 'error' in task.end) detail.error = task.end.error;
  if (task.status === 'input_required') detail.inputRequests = Object.fromEntries([...task.questions].map(([key, question]) => [key, { method: question.method, params: question.params }]));
  return detail;
}

export const isTerminal = (task: Task) => TERMINAL.has(task.status);
