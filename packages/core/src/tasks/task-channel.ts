import { ClientRequestError, type ClientChannel } from '../client-channel.ts';
import type { Task, TaskStore } from './task-store.ts';

/**
 * The way back to the client from a task's handler once the call has become a task: its
 * questions wait in the task (status input_required) for tasks/update (2026-07-28) or the
 * tasks/result stream (2025-11-25); progress and log lines have no stream to go to and are dropped.
 */
export function taskChannel(store: TaskStore, task: Task, declares: (method: string) => boolean): ClientChannel {
  return {
    progressToken: undefined,
    progress: () => {},
    log: () => {},
    notify: () => false,
    declares,
    canRequest: () => true,
    request(method, params) {
      if (task.controller.signal.aborted) return Promise.reject(new ClientRequestError('the task was cancelled'));
      return store.park(task, method, params);
    },
    inputResponses: undefined,
    requestState: undefined,
  };
}
