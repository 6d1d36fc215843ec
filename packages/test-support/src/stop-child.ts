import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * Stops a child process and always ends: SIGTERM, then SIGKILL if it has not exited within
 * `graceMs` (a server waiting on a connection its client never closes must not hold a run up).
 */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(kill);
}
