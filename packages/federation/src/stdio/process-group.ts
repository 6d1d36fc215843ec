import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs the server as the leader of a process group of its own, with a lifeline: a small `sh`
 * started in the group first waits on a pipe only the gateway holds, then `exec`s the server (same
 * pid, same stdin and stdout). The pipe's other end stays in a background subshell that, when
 * the gateway dies without stopping the group (SIGKILL, a crash), reads end-of-file and ends the
 * group itself: SIGTERM, then SIGKILL after the grace. So no descendant outlives the gateway,
 * whatever it ignores and however the gateway ends. `$1` is the grace in seconds, the rest the
 * command: nothing from the servers file is ever parsed by the shell.
 */
const LIFELINE = [
  `( read -r _ <&3; trap '' TERM; kill -TERM 0; sleep "$1"; kill -KILL 0 ) </dev/null >/dev/null 2>&1 &`,
  'shift',
  'exec "$@" 3<&-',
];
/** dash exports PWD to what it runs: unset, so the child's environment stays what its entry names. */
const lifeline = (env: Record<string, string | undefined>) => (env.PWD === undefined ? ['unset PWD', ...LIFELINE] : LIFELINE).join('\n');

export interface GroupOptions {
  command: string;
  args: readonly string[];
  env: Record<string, string | undefined>;
  cwd?: string | undefined;
  /** SIGTERM to SIGKILL, and stdin's end to SIGTERM. */
  graceMs: number;
}

/** Process groups still running, ended at once (SIGKILL) if this process exits without stopping them. */
const running = new Set<number>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const group of running) signalGroup(group, 'SIGKILL');
  });
}

/** Signals every process of the group; false when none is left. */
function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
}

export interface ProcessGroup {
  child: ChildProcess;
  /** The group's id (the leader's pid), once spawned. */
  readonly id: number | undefined;
  /**
   * Ends the whole group: stdin closed, SIGTERM once the leader has exited or the grace has
   * passed, SIGKILL after a second grace. Resolves when no process of the group is left.
   */
  stop(): Promise<void>;
}

/** Spawns `command` as the leader of a new process group (stdio: stdin, stdout, stderr piped). */
export function spawnInGroup(options: GroupOptions): ProcessGroup {
  installExitHook();
  const graceSeconds = String(Math.max(1, Math.ceil(options.graceMs / 1000)));
  const windows = process.platform === 'win32';
  // Windows has no process groups to signal: the server runs as a plain child there.
  const child = windows
    ? spawn(options.command, [...options.args], { env: options.env, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true })
    : spawn('/bin/sh', ['-c', lifeline(options.env), 'toolgate-stdio', graceSeconds, options.command, ...options.args], {
        env: options.env,
        cwd: options.cwd,
        stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
        detached: true,
      });
  const group = windows ? undefined : child.pid;
  if (group !== undefined) running.add(group);
  let stopping: Promise<void> | undefined;
  const leaderExited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });

  async function stop(): Promise<void> {
    child.stdin?.end();
    if (group === undefined) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return;
    }
    const grace = new AbortController();
    await Promise.race([leaderExited, sleep(options.graceMs, undefined, { signal: grace.signal }).catch(() => undefined)]);
    grace.abort();
    if (signalGroup(group, 'SIGTERM')) await waitForEmpty(group, options.graceMs);
    // SIGKILL cannot be ignored or delayed: nothing to wait for after it.
    signalGroup(group, 'SIGKILL');
    running.delete(group);
    // The lifeline's pipe: closed last, or the lifeline would end the group on its own.
    (child.stdio[3] as { destroy?: () => void } | null)?.destroy?.();
  }

  return {
    child,
    get id() {
      return group;
    },
    stop: () => (stopping ??= stop()),
  };
}

/** Polls until no live process of the group is left, or `ms` has passed. */
async function waitForEmpty(group: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (groupAlive(group) && Date.now() < deadline) await sleep(50);
}

/**
 * Whether a process of the group still runs. A zombie does not count: where PID 1 does not reap
 * orphans (some containers), a killed grandchild stays one, and would hold every stop for the
 * whole grace. Read from /proc where there is one; elsewhere any process, zombie or not.
 */
function groupAlive(group: number): boolean {
  if (!signalGroup(group, 0)) return false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so read after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === group && state !== 'Z') return true;
  }
  return false;
}
