import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeServersFile } from './federated-gateway.ts';

const MAIN = fileURLToPath(new URL('./gateway-main.ts', import.meta.url));

export interface GatewayProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr. */
  output(): string;
  /** Its peak resident memory so far, in bytes (VmHWM, Linux). */
  peakRss(): number;
  /** SIGKILL, as a crash or an OOM kill ends it, and waits for it to exit. */
  kill(): Promise<void>;
  /** SIGTERM, the polite stop, and waits for it to exit. */
  stop(): Promise<void>;
}

/** The gateway in a process of its own around a servers file; resolves once it listens. */
export async function startGatewayProcess(servers: unknown, env: Record<string, string> = {}): Promise<GatewayProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', MCP_SERVERS_FILE: writeServersFile(servers), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /listening at (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before listening: ${output.slice(-2_000)}`)));
  });
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const end = async (signal: NodeJS.Signals) => {
    if (ended()) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  return {
    url,
    child,
    output: () => output,
    peakRss: () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}
