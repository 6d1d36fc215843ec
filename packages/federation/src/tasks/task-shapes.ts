/** The tasks extension of 2026-07-28 (SEP-2663), as a client names it in its capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** The 2025-11-25 `_meta` key tying a message to a task: redundant (and refused) on a 2026 inlined result. */
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** A task as a 2025-11-25 server describes it (`CreateTaskResult.task`, `tasks/get`). */
export interface LegacyTask {
  taskId: string;
  status: string;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl?: number | null;
  pollInterval?: number;
}

export function isLegacyTask(value: unknown): value is LegacyTask {
  const task = value as Partial<LegacyTask> | null;
  return typeof task === 'object' && task !== null && typeof task.taskId === 'string' && typeof task.status === 'string';
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
export const isTerminal = (status: string) => TERMINAL.has(status);

/** Whether a 2026-07-28 client declared the tasks extension for this request. */
export function declaresTasks(clientCapabilities: Readonly<Record<string, unknown>> | undefined): boolean {
  const extensions = clientCapabilities?.extensions;
  return typeof extensions === 'object' && extensions !== null && (extensions as Record<string, unknown>)[TASKS_EXTENSION] !== undefined;
}

const positiveInteger = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.max(1, Math.round(value)) : undefined);

/** A 2025-11-25 task as SEP-2663 shows it: flat, `ttlMs` and `pollIntervalMs` in whole milliseconds. */
export function modernTask(task: LegacyTask): Record<string, unknown> {
  const pollIntervalMs = positiveInteger(task.pollInterval);
  return {
    taskId: task.taskId,
    status: task.status,
    ...(typeof task.statusMessage === 'string' ? { statusMessage: task.statusMessage } : {}),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: positiveInteger(task.ttl) ?? null,
    ...(pollIntervalMs ? { pollIntervalMs } : {}),
  };
}

/** A tool result inlined in a 2026 DetailedTask: without the related-task key the task id already says. */
export function inlinedResult(result: Record<string, unknown>): Record<string, unknown> {
  const meta = result._meta;
  if (!meta || typeof meta !== 'object' || !(RELATED_TASK in meta)) return result;
  const { [RELATED_TASK]: _related, ...rest } = meta as Record<string, unknown>;
  const { _meta: _old, ...kept } = result;
  return Object.keys(rest).length > 0 ? { ...kept, _meta: rest } : kept;
}

/** The -32021 a 2026 client gets for a task-only tool, or a task method, without declaring the extension. */
export const MISSING_TASKS_EXTENSION = { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } };
