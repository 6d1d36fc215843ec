import { spawn } from 'node:child_process';

export interface TypedCommand {
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /**
   * Resolves once `url`/healthz answers 200; rejects with the output if the command exits first.
   * No clock of its own: a loaded machine only makes it slower (the test's own timeout bounds it).
   */
  healthy(url: string): Promise<void>;
  /** SIGTERM to the command's whole process group (pnpm and the node it started), then waits for it. */
  stop(): Promise<number | null>;
}

/**
 * A shell command run as a user types it (`sh -c`, in `cwd`), in its own process group so that
 * stopping it stops pnpm's node child too. Variables come from `env` over this process's PATH and
 * HOME only, so nothing of the test runner's pnpm (its INIT_CWD, npm_* variables) leaks in.
 */
export function runTyped(command: string, options: { cwd: string; env?: Record<string, string> }): TypedCommand {
  const child = spawn('sh', ['-c', command], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let gone = false;
  void exited.then(() => (gone = true));
  return {
    output: () => output,
    exited,
    async healthy(url) {
      for (;;) {
        if (gone) throw new Error(`exited before ${url}/healthz answered:\n${output}`);
        if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
      return exited;
    },
  };
}
