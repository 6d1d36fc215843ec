import { randomBytes } from 'node:crypto';
import { ClientRequestError } from '../client-channel.ts';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A question a task's handler asked the client, waiting for its answer (tasks/update, or 2025's tasks/result stream). */
export interface ParkedQuestion {
  method: string;
  params: Record<string, unknown>;
  answer(result: Record<string, unknown>): void;
  fail(error: Error): void;
}

/** How a task ended: the tool's result (a tool error included), or a protocol error. */
export type TaskEnd = { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown } };

export interface Task {
  readonly id: string;
  /** Who may see it: the caller's id, else the 2025 session's, else '' (anyone holding the id). */
  readonly owner: string;
  /** The pack it runs in, and the tool. */
  readonly pack: string;
  readonly tool: string;
  status: TaskStatus;
  readonly createdAt: number;
  lastUpdatedAt: number;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  statusMessage: string | undefined;
  end: TaskEnd | undefined;
  /** Questions waiting for the client, by a key of this task's. */
  readonly questions: Map<string, ParkedQuestion>;
  /** Aborted by tasks/cancel: the handler stops. */
  readonly controller: AbortController;
  /** Settles when the task reaches a terminal status. */
  readonly finished: Promise<void>;
}

export const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

export interface TaskLimits {
  /** A task's lifetime when the client names none, and the most it may name. */
  defaultTtlMs: number;
  maxTtlMs: number;
  /** Tasks one process keeps at once, and one owner. */
  maxTasks: number;
  maxPerOwner: number;
  now?: () => number;
}

export const DEFAULT_TASK_LIMITS: TaskLimits = { defaultTtlMs: 60 * 60_000, maxTtlMs: 24 * 60 * 60_000, maxTasks: 10_000, maxPerOwner: 100 };
const POLL_INTERVAL_MS = 500;

/**
 * The tasks of built-in packs, in this process's memory: a tool call that runs as a task (2025-11-25
 * task augmentation, the 2026-07-28 tasks extension) is kept here until its TTL passes, so any
 * later tasks/get, tasks/result, tasks/update or tasks/cancel by its owner finds it. Bounded in
 * count, per owner and in lifetime; a fronted server's tasks are its own (packages/federation).
 */
export class TaskStore {
  readonly #tasks = new Map<string, Task>();
  readonly #limits: TaskLimits;
  readonly #now: () => number;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(limits: TaskLimits = DEFAULT_TASK_LIMITS) {
    this.#limits = limits;
    this.#now = limits.now ?? Date.now;
  }

  /** Starts a task running `run`; undefined when the process or the owner holds too many already. */
  start(owner: string, pack: string, tool: string, requestedTtlMs: number | undefined, run: (task: Task) => Promise<TaskEnd>): Task | undefined {
    this.#sweep();
    const owned = [...this.#tasks.values()].filter((task) => task.owner === owner).length;
    if (this.#tasks.size >= this.#limits.maxTasks || owned >= this.#limits.maxPerOwner) return undefined;
    const ttl = requestedTtlMs !== undefined && Number.isFinite(requestedTtlMs) && requestedTtlMs > 0 ? Math.floor(requestedTtlMs) : this.#limits.defaultTtlMs;
    let settle!: () => void;
    const now = this.#now();
    const task: Task = {
      id: randomBytes(16).toString('base64url'),
      owner,
      pack,
      tool,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: Math.min(ttl, this.#limits.maxTtlMs),
      pollIntervalMs: POLL_INTERVAL_MS,
      statusMessage: undefined,
      end: undefined,
      questions: new Map(),
      controller: new AbortController(),
      finished: new Promise<void>((resolve) => (settle = resolve)),
    };
    this.#tasks.set(task.id, task);
    this.#startSweeping();
    run(task).then(
      (end) => this.#finish(task, end),
      (error: unknown) => this.#finish(task, { error: { code: -32603, message: `Internal error in the task: ${error instanceof Error ? error.name : 'failure'}` } }),
    ).finally(settle);
    return task;
  }

  /** The task, when this owner may see it (a task without an owner: anyone with its id). */
  get(id: string, owner: string): Task | undefined {
    const task = this.#tasks.get(id);
    if (!task || (task.owner !== '' && task.owner !== owner)) return undefined;
    if (this.#expired(task)) {
      this.#tasks.delete(id);
      return undefined;
    }
    return task;
  }

  list(owner: string): Task[] {
    return [...this.#tasks.values()].filter((task) => (task.owner === owner || task.owner === '') && !this.#expired(task));
  }

  /** Stops a task that is still running: its status turns cancelled (a terminal task is left as it is). */
  cancel(task: Task, reason = 'cancelled by the client'): void {
    if (TERMINAL.has(task.status)) return;
    this.#update(task, 'cancelled', reason);
    task.end = { error: { code: -32800, message: 'Request cancelled' } };
    for (const question of task.questions.values()) question.fail(new ClientRequestError('the task was cancelled'));
    task.questions.clear();
    task.controller.abort(new Error(reason));
  }

  /** A question from the task's handler: the task waits (input_required) until it is answered. */
  park(task: Task, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (TERMINAL.has(task.status)) return Promise.reject(new ClientRequestError('the task has ended'));
    return new Promise((resolve, reject) => {
      const key = `input-${randomBytes(6).toString('base64url')}`;
      const done = () => {
        task.questions.delete(key);
        if (task.questions.size === 0 && task.status === 'input_required') this.#update(task, 'working');
      };
      task.questions.set(key, {
        method,
        params,
        answer: (result) => {
          done();
          resolve(result);
        },
        fail: (error) => {
          done();
          reject(error);
        },
      });
      this.#update(task, 'input_required');
    });
  }

  #update(task: Task, status: TaskStatus, message?: string): void {
    task.status = status;
    task.statusMessage = message;
    task.lastUpdatedAt = this.#now();
  }

  #finish(task: Task, end: TaskEnd): void {
    if (TERMINAL.has(task.status)) return;
    task.end = end;
    this.#update(task, 'result' in end ? 'completed' : 'failed', 'error' in end ? end.error.message : undefined);
  }

  #expired(task: Task): boolean {
    return TERMINAL.has(task.status) && this.#now() > task.createdAt + task.ttlMs;
  }

  #sweep(): void {
    for (const [id, task] of this.#tasks) if (this.#expired(task)) this.#tasks.delete(id);
  }

  #startSweeping(): void {
    if (this.#sweeper) return;
    this.#sweeper = setInterval(() => this.#sweep(), 60_000);
    this.#sweeper.unref();
  }
}
