import type { ClientChannel } from '../client-channel.ts';
import type { TaskSwitch } from '../mcp/request-context.ts';
import { taskChannel } from './task-channel.ts';
import type { Task, TaskEnd, TaskStore } from './task-store.ts';

/** Who a task is for and what it runs; `declares` answers for the client's capabilities once the call is a task. */
export interface TaskStart {
  owner: string;
  pack: string;
  tool: string;
  ttlMs: number | undefined;
  declares: (method: string) => boolean;
}

/** How the handler's run ended, as a task records it: its outcome's result, or a protocol error. */
export type WorkEnd = (value: unknown) => TaskEnd;

/**
 * One tools/call that may become a task. The handler runs in the request; when the call detaches
 * (at once, or when the handler says), a task is made whose end is the handler's, the request is
 * answered with the task, and the handler's context speaks through the task from then on.
 */
export class CallTask implements TaskSwitch {
  current: { client: ClientChannel; signal: AbortSignal } | undefined;
  readonly detached: Promise<Task>;
  readonly #store: TaskStore;
  readonly #start: TaskStart;
  readonly #toEnd: WorkEnd;
  #resolveDetached!: (task: Task) => void;
  #work: Promise<unknown> | undefined;
  #waitingForWork: ((work: Promise<unknown>) => void)[] = [];

  constructor(store: TaskStore, start: TaskStart, toEnd: WorkEnd) {
    this.#store = store;
    this.#start = start;
    this.#toEnd = toEnd;
    this.detached = new Promise((resolve) => (this.#resolveDetached = resolve));
  }

  /** The handler's run, once started: what the task's end is made from. */
  setWork(work: Promise<unknown>): void {
    this.#work = work;
    for (const waiting of this.#waitingForWork) waiting(work);
    this.#waitingForWork = [];
  }

  async detach(): Promise<void> {
    if (this.current) return;
    const { owner, pack, tool, ttlMs } = this.#start;
    const work = this.#work ? Promise.resolve(this.#work) : new Promise<Promise<unknown>>((resolve) => this.#waitingForWork.push(resolve));
    const task = this.#store.start(owner, pack, tool, ttlMs, async () => this.#toEnd(await (await work)));
    // The store is full: the call stays in its request, as a call without tasks would.
    if (!task) return;
    this.current = { client: taskChannel(this.#store, task, this.#start.declares), signal: task.controller.signal };
    this.#resolveDetached(task);
  }
}
