import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.ts';

export interface RedisServer {
  url: string;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. A hung Redis. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT). */
  resume(): void;
  /** Kills the server (SIGKILL) without a goodbye: a dead Redis. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
}

/** Starts a real, throw-away redis-server on a free port (no persistence). */
export async function startRedisServer(): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error('redis-server is not installed: these tests need a real Redis (Debian: apt-get install -y redis-server)');
  }
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForReady(child);
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `redis://127.0.0.1:${port}`,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async kill() {
      if (gone()) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (gone()) return;
      // A paused server handles SIGTERM only once it runs again.
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
