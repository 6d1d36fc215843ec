import { execFileSync } from 'node:child_process';

/** Whether a CLI is installed and answers `args` (`docker stack config`, `kubectl kustomize` need no engine, cluster or image). */
export function installed(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
