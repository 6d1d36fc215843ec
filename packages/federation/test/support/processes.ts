import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

/** A string no other process's command line holds: put it in a hostile server's args to find its whole tree. */
export const uniqueMarker = (label: string) => `${label}-${randomUUID()}`;

/** The pids of live processes (zombies left out) whose command line holds `marker`. */
export function processesWith(marker: string): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,stat=,args='], { encoding: 'utf8' });
  return table
    .split('\n')
    .filter((line) => line.includes(marker))
    .map((line) => line.trim().split(/\s+/, 2))
    .filter(([, stat]) => !stat!.startsWith('Z'))
    .map(([pid]) => Number(pid));
}

/** Whether a process still runs (a zombie does not). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return stat !== '' && !stat.startsWith('Z');
  } catch {
    return false;
  }
}
