import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Runs `probe` (a script that calls recordLoadedPackages first, then imports what it watches and
 * ends with reportLoadedPackages) in a fresh Node process, and returns the packages it loaded.
 */
export async function packagesLoadedBy(probe: string, ...args: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [probe, ...args], { timeout: 45_000 });
  return JSON.parse(stdout) as string[];
}
