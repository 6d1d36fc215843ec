import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { SendUpstream } from '../forwarding/forwarder.ts';
import { RemoteRpcError } from '../remote-errors.ts';
import { ParkedCall } from '../relay/parked-call.ts';
import { refusalOf, type Relay } from '../relay/server-asks.ts';
import { inlinedResult, isLegacyTask, isTerminal, modernTask, type LegacyTask } from './task-shapes.ts';

export interface TaskBridgeOptions {
  send: SendUpstream;
  /** MCP_SERVER_TIMEOUT_MS: each tasks/get, tasks/cancel and the creating call. */
  timeoutMs: number;
  /** How long toolgate waits on a task's tasks/result stream (it stays open while the task runs). */
  resultTimeoutMs: number;
  /** Tasks remembered at once; past it the oldest finished are forgotten, and a new one is refused when none is. */
  maxTasks: number;
  /** The lifetime asked of the server for a task a 2026 client's call creates. */
  ttlMs: number;
  /** Requests the server asks together are gathered this long before a tasks/get shows them. */
  gatherMs: number;
}

type Final = { status: 'completed'; result: Record<string, unknown> } | { status: 'failed'; error: { code: number; message: string; data?: unknown } } | { status: 'cancelled' };

interface BridgedTask {
  last: LegacyTask;
  clientCapabilities: Readonly<Record<string, unknown>> | undefined;
  final?: Final;
  /** The server's requests of the client, read off the task's tasks/result stream, while it runs. */
  asks?: ParkedCall;
  reading?: Promise<void>;
  readonly controller: AbortController;
}

const silent: Relay = async () => ({ error: { code: -32601, message: 'Method not found: this request cannot ask the client anything' } });
const unknownTask = (taskId: string) => new RemoteRpcError(`Invalid params: unknown task ${taskId}`, -32602);

/**
 * The tasks extension of 2026-07-28 (SEP-2663) in front of a 2025-11-25 server's tasks: a
 * 2026 client's call of a task-capable tool becomes a task on the server and a flat
 * `resultType: "task"` answer; tasks/get inlines the result (read from the server's tasks/result
 * when it is done) or the requests the task waits on (read off its tasks/result stream while it
 * runs), tasks/update answers them, tasks/cancel acknowledges. The tasks' state lives in this
 * process; the server keeps the tasks themselves.
 */
export function createTaskBridge(options: TaskBridgeOptions) {
  const tasks = new Map<string, BridgedTask>();
  const quiet = (signal: AbortSignal) => ({ timeoutMs: options.timeoutMs, signal, relay: silent, notify: () => undefined });

  function known(taskId: unknown): [string, BridgedTask] {
    const task = typeof taskId === 'string' ? tasks.get(taskId) : undefined;
    if (!task) throw unknownTask(String(taskId));
    return [taskId as string, task];
  }

  function makeRoom(): void {
    for (const [taskId, task] of tasks) {
      if (tasks.size < options.maxTasks) return;
      if (task.final) tasks.delete(taskId);
    }
    if (tasks.size >= options.maxTasks) throw new RemoteRpcError(`toolgate tracks ${options.maxTasks} unfinished tasks already; try again later`, -32603);
  }

  /** A 2026 client's call of a task-capable tool: a task on the server, answered flat. */
  async function create(params: Record<string, unknown>, clientCapabilities: BridgedTask['clientCapabilities'], signal: AbortSignal): Promise<Record<string, unknown>> {
    makeRoom();
    const answer = await options.send('tools/call', { ...params, task: { ttl: options.ttlMs } }, quiet(signal));
    // A server that ran the call at once answered it: that is the client's answer too.
    if (!isLegacyTask(answer.task)) return answer;
    tasks.set(answer.task.taskId, { last: answer.task, clientCapabilities, controller: new AbortController() });
    return { resultType: 'task', ...modernTask(answer.task) };
  }

  /** Reads the task's tasks/result stream: the requests it asks on the way, then its result. */
  function read(task: BridgedTask, taskId: string): void {
    if (task.reading) return;
    const asks = new ParkedCall(`tasks/result ${taskId}`, {});
    task.asks = asks;
    const relay: Relay = (ask) => {
      const refused = refusalOf(ask, task.clientCapabilities ?? {});
      return refused ? Promise.resolve({ error: refused }) : asks.ask(ask);
    };
    const sent = options.send('tasks/result', { taskId }, { timeoutMs: options.resultTimeoutMs, signal: task.controller.signal, relay, notify: () => undefined });
    task.reading = sent.then(
      (result) => {
        task.final = { status: 'completed', result: inlinedResult(result) };
      },
      (error: unknown) => {
        if (task.controller.signal.aborted) return;
        task.final = error instanceof RemoteRpcError
          ? { status: 'failed', error: { code: error.code, message: error.message, ...((error as { data?: unknown }).data === undefined ? {} : { data: (error as { data?: unknown }).data }) } }
          : { status: 'failed', error: { code: -32603, message: `toolgate lost the task's result: ${error instanceof Error ? error.message : String(error)}` } };
      },
    );
  }

  /** Waits (within the bound) for the requests a task waits on to arrive, gathered as the bridge gathers a call's. */
  async function asksArrived(task: BridgedTask): Promise<void> {
    const bound = sleep(options.timeoutMs);
    while (task.asks && task.asks.waiting === 0 && !task.final) {
      const outcome = await Promise.race([task.asks.changed().then(() => 'changed'), task.reading!.then(() => 'done'), bound.then(() => 'bound')]);
      if (outcome !== 'changed') break;
    }
    await sleep(options.gatherMs);
    await nextTurn();
  }

  function detailed(task: BridgedTask): Record<string, unknown> {
    const base = { resultType: 'complete', ...modernTask(task.last) };
    if (task.final?.status === 'completed') return { ...base, status: 'completed', result: task.final.result };
    if (task.final?.status === 'failed') return { ...base, status: 'failed', error: task.final.error };
    if (task.final?.status === 'cancelled') return { ...base, status: 'cancelled' };
    if (task.asks && task.asks.waiting > 0) return { ...base, status: 'input_required', inputRequests: task.asks.inputRequests() };
    // Asked nothing yet that toolgate holds: to the client the task is still working.
    return task.last.status === 'input_required' ? { ...base, status: 'working' } : base;
  }

  async function get(params: Readonly<Record<string, unknown>>, signal: AbortSignal): Promise<Record<string, unknown>> {
    const [taskId, task] = known(params.taskId);
    if (task.final) return detailed(task);
    const current = await options.send('tasks/get', { taskId }, quiet(signal));
    if (isLegacyTask(current)) task.last = current;
    if (task.last.status === 'cancelled') task.final = { status: 'cancelled' };
    else if (isTerminal(task.last.status)) {
      read(task, taskId);
      await task.reading;
    } else if (task.last.status === 'input_required' || task.asks) {
      read(task, taskId);
      await asksArrived(task);
    }
    return detailed(task);
  }

  function update(params: Readonly<Record<string, unknown>>): Record<string, unknown> {
    const [, task] = known(params.taskId);
    const responses = params.inputResponses;
    if (typeof responses !== 'object' || responses === null || Array.isArray(responses) || Object.values(responses).some((answer) => typeof answer !== 'object' || answer === null)) {
      throw new RemoteRpcError('Invalid params: inputResponses must be an object of answers by key', -32602);
    }
    task.asks?.answer(responses as Record<string, Record<string, unknown>>);
    return { resultType: 'complete' };
  }

  async function cancel(params: Readonly<Record<string, unknown>>, signal: AbortSignal): Promise<Record<string, unknown>> {
    const [taskId, task] = known(params.taskId);
    if (!task.final) {
      // A task that ended meanwhile refuses the cancellation: the acknowledgement is the same (SEP-2663: idempotent).
      await options.send('tasks/cancel', { taskId }, quiet(signal)).catch((error: unknown) => {
        if (!(error instanceof RemoteRpcError)) throw error;
      });
      task.asks?.abandon('the task was cancelled');
      task.controller.abort();
    }
    return { resultType: 'complete' };
  }

  return {
    create,
    get,
    update,
    cancel,
    close(): void {
      for (const task of tasks.values()) task.controller.abort();
      tasks.clear();
    },
  };
}

export type TaskBridge = ReturnType<typeof createTaskBridge>;
