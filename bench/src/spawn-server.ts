import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  url: string;
  pid: number;
  /** CPU time the server process has used so far, in microseconds (user + system). */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

const SERVERS_DIR = fileURLToPath(new URL('./servers/', import.meta.url));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts one benchmark server in a child process on the parent's own Node (fork uses
 * process.execPath), so every server runs on the same runtime and none shares the
 * load generator's event loop.
 */
export async function spawnServer(program: string, options: { startTimeoutMs?: number; execArgv?: string[] } = {}): Promise<ServerProcess> {
  const child = fork(SERVERS_DIR + program, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: options.execArgv ?? process.execArgv });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${program} did not start within ${options.startTimeoutMs ?? 15_000} ms`)), options.startTimeoutMs ?? 15_000);
    child.once('message', (message: { port?: number }) => {
      clearTimeout(timer);
      if (typeof message.port === 'number') resolve(message.port);
      else reject(new Error(`${program} sent an unexpected start message`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${program} exited with code ${code} before listening`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited(child);
    throw error;
  });

  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    cpuMicros() {
      return new Promise((resolve, reject) => {
        const onMessage = (message: { type?: string; usage?: NodeJS.CpuUsage }) => {
          if (message.type !== 'cpu-usage' || !message.usage) return;
          child.off('message', onMessage);
          resolve(message.usage.user + message.usage.system);
        };
        child.on('message', onMessage);
        if (!child.send({ type: 'cpu-usage' })) reject(new Error(`${program} is not reachable over IPC`));
      });
    },
    async stop() {
      const done = exited(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await done;
      clearTimeout(timer);
    },
  };
}
