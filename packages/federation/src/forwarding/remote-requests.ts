import { RemoteRpcError } from '../remote-errors.ts';
import type { TaskBridge } from '../tasks/task-bridge.ts';
import { declaresTasks, MISSING_TASKS_EXTENSION, TASKS_EXTENSION } from '../tasks/task-shapes.ts';
import type { ForwardContext, Forwarder } from './forwarder.ts';
import { upstreamParams } from './upstream-params.ts';

/** A 2026-07-28 request: core's channel carries `inputResponses` ({} on a first round) exactly then. */
const isModern = (context: ForwardContext) => context.client?.inputResponses !== undefined;

const missingTasks = (what: string) =>
  Object.assign(new RemoteRpcError(`Missing required client capability: ${what} needs the ${TASKS_EXTENSION} extension in the request's client capabilities`, -32021), {
    data: MISSING_TASKS_EXTENSION,
  });

export interface RemoteRequestsOptions {
  forwarder: Forwarder;
  tasks: TaskBridge;
  /** How the server lists a tool (for `execution.taskSupport`), when it does. */
  toolNamed(name: string): { readonly [field: string]: unknown } | undefined;
}

/**
 * What a remote pack does with each request core hands it, by dialect: a 2025-era client's go to
 * the server as they are (tasks included: the 2025-11-25 task methods are the server's own); a
 * 2026-07-28 client's task requests go through the task bridge (SEP-2663 in front of 2025-11-25
 * tasks), and a task-capable tool it calls becomes a task when the client declared the extension.
 * `logging/setLevel` is answered here: the server's session is shared by every client, so one
 * client's level must not silence another's (core filters each client's log lines by its own).
 */
export function createRemoteRequests(options: RemoteRequestsOptions) {
  const { forwarder, tasks } = options;

  function callTool(name: string, params: Readonly<Record<string, unknown>>, context: ForwardContext): Promise<Record<string, unknown>> {
    if (isModern(context)) {
      const execution = options.toolNamed(name)?.execution as { taskSupport?: unknown } | undefined;
      const support = execution?.taskSupport;
      const taskCapable = support === 'optional' || support === 'required';
      if (taskCapable && declaresTasks(context.clientCapabilities)) return tasks.create(upstreamParams(params, undefined), context.clientCapabilities, context.signal);
      if (support === 'required') return Promise.reject(missingTasks(`${name} runs only as a task: it`));
    }
    return forwarder.forward('tools/call', params, context);
  }

  async function request(method: string, params: Readonly<Record<string, unknown>>, context: ForwardContext): Promise<Record<string, unknown>> {
    if (method === 'logging/setLevel') return {};
    if (!method.startsWith('tasks/') || !isModern(context)) return forwarder.forward(method, params, context);
    if (!declaresTasks(context.clientCapabilities)) throw missingTasks(method);
    switch (method) {
      case 'tasks/get':
        return tasks.get(params, context.signal);
      case 'tasks/update':
        return tasks.update(params);
      case 'tasks/cancel':
        return tasks.cancel(params, context.signal);
    }
    throw new RemoteRpcError(`Method not found: ${method} is not a method of the ${TASKS_EXTENSION} extension (tasks/get, tasks/update, tasks/cancel)`, -32601);
  }

  return { callTool, request };
}

export type RemoteRequests = ReturnType<typeof createRemoteRequests>;
