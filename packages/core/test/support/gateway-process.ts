import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('../fixtures/policy-gateway.ts', import.meta.url));

export interface GatewayProcess {
  url: string;
  /** Every JSON log line so far. */
  lines: Record<string, unknown>[];
  stop(): Promise<void>;
}

/** The echo gateway as a process of its own (fixtures/policy-gateway.ts), logging JSON; resolves once it listens. */
export async function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  const child: ChildProcess = spawn(process.execPath, [FIXTURE], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  const listening = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (text) => {
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return;
      }
      lines.push(line);
      if (line.msg === 'listening') resolve(line.url as string);
    });
    child.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before listening`)));
  });
  const url = await listening;
  return {
    url,
    lines,
    /** Stops it (SIGTERM: it drains and flushes its log) and resolves once its stdout has ended: every line it wrote is in `lines` then. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const closed = once(child, 'close');
      child.kill('SIGTERM');
      await closed;
    },
  };
}
