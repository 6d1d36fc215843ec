/** The most tasks of fronted servers one pack remembers the makers of; the oldest is forgotten first. */
const MAX_REMEMBERED = 10_000;

/**
 * Who made each task a fronted server runs: every client's tasks ride the one upstream session
 * federation keeps, so the server would show anyone's to anyone. Core notes the maker (the
 * caller, else the 2025 session, else '' for anyone) when the server's CreateTaskResult passes
 * through, refuses the task to everyone else as unknown, and keeps tasks/list to the caller's own.
 * A task this process did not see made (another replica's) is left to the server to answer.
 */
export class RemoteTaskOwners {
  readonly #owners = new Map<string, string>();

  /** Notes the task a tools/call result creates, if it creates one (2025-11-25 `{task}`, the 2026 extension's flat `resultType: "task"`). */
  noteCreated(result: Record<string, unknown>, owner: string): void {
    const id = createdTaskId(result);
    if (id === undefined) return;
    this.#owners.delete(id);
    this.#owners.set(id, owner);
    if (this.#owners.size > MAX_REMEMBERED) this.#owners.delete(this.#owners.keys().next().value!);
  }

  /** Whether `owner` may use the task: its maker, anyone for a task made without an owner, or a task not seen made here. */
  allows(taskId: string, owner: string): boolean {
    const maker = this.#owners.get(taskId);
    return maker === undefined || maker === '' || maker === owner;
  }

  /** Whether the task is one `owner` is known to have made (what tasks/list keeps). */
  made(taskId: string, owner: string): boolean {
    const maker = this.#owners.get(taskId);
    return maker !== undefined && (maker === '' || maker === owner);
  }
}

function createdTaskId(result: Record<string, unknown>): string | undefined {
  if (result.resultType === 'task' && typeof result.taskId === 'string') return result.taskId;
  const task = result.task as { taskId?: unknown } | undefined;
  return typeof task === 'object' && task !== null && typeof task.taskId === 'string' ? task.taskId : undefined;
}
