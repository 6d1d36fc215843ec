import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { freePort } from '@toolgate/test-support';

const require = createRequire(import.meta.url);

/** A real MCP server from npm, by its package's entry file. */
export const serverEverything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
export const serverMemory = require.resolve('@modelcontextprotocol/server-memory/dist/index.js');
/** Our own fixtures, for faults the npm servers cannot be asked to show. */
export const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

export interface ChildServer {
  url: string;
  port: number;
  /** Kills the process (SIGKILL: as a crash, not a polite stop) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
}

/**
 * Runs an HTTP MCP server in its own process on a free port, and waits until it says it listens.
 * `ready` is matched against its stdout and stderr.
 */
export async function startChildServer(options: { args: string[]; ready: RegExp; path?: string; env?: Record<string, string> }): Promise<ChildServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(process.execPath, options.args, { env: { PATH: process.env.PATH ?? '', ...options.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    // Until it says it listens or exits, however long a loaded machine takes to start Node (no
    // timer of our own: a start that hangs is jest's hook timeout, a start that fails says why).
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      const onData = (chunk: Buffer) => {
        seen += chunk.toString();
        if (options.ready.test(seen)) resolve();
      };
      started.stdout!.on('data', onData);
      started.stderr!.on('data', onData);
      started.once('exit', (code) => reject(new Error(`server exited (${code}): ${seen}`)));
    });
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `http://127.0.0.1:${port}${options.path ?? '/mcp'}`, port, kill, restart: start };
}

/** server-everything over Streamable HTTP with sessions, as its README starts it. */
export const startEverything = () => startChildServer({ args: [serverEverything, 'streamableHttp'], ready: /listening on port/ });

/** The conformance fixture (fixtures/conformance-server/): every scenario's fixture, with sessions. */
export const startConformanceFixture = () => startChildServer({ args: [fixture('conformance-server/main.ts')], ready: /listening on/ });

/** The SDK v2's stateless server (fixtures/stateless-server.ts). */
export const startStateless = () => startChildServer({ args: [fixture('stateless-server.ts')], ready: /listening/ });
