import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServiceSpec {
  /** For messages only. */
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface RunningService {
  name: string;
  /** `http://127.0.0.1:<port>` as the service logged it. */
  url: string;
  /** `127.0.0.1:<port>`, for an nginx upstream. */
  address: string;
  child: ChildProcess;
  /** Signals the process and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts a toolgate service as its own process and waits for its `listening` log line
 * (every service's main logs `{msg: "listening", url}` through runMain), which carries the
 * port the service actually got: the tests start services on port 0. However long a loaded
 * machine takes: a service that exits first fails at once with its stderr, and the test's own
 * timeout catches a hang.
 */
export function startService(spec: ServiceSpec): Promise<RunningService> {
  const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };

  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      child.kill('SIGKILL');
      reject(new Error(`${spec.name}: ${why}\n${stderr.join('').slice(-2_000)}`));
    };
    const exitedEarly = (code: number | null, signal: NodeJS.Signals | null) => fail(`exited (${signal ?? code}) before listening`);
    child.once('exit', exitedEarly);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      let entry: { msg?: unknown; url?: unknown };
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      if (entry.msg !== 'listening' || typeof entry.url !== 'string') return;
      child.off('exit', exitedEarly);
      // Keep draining stdout so the child never blocks on a full pipe.
      lines.removeAllListeners('line');
      child.stdout!.resume();
      const url = new URL(entry.url);
      resolve({ name: spec.name, url: entry.url, address: url.host, child, stop });
    });
  });
}
