import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { freePort } from '@toolgate/test-support';

const serverEverything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

export interface RunningServerEverything {
  port: number;
  stop(): Promise<void>;
}

/**
 * @modelcontextprotocol/server-everything over Streamable HTTP, from npm, as an operator's own MCP
 * server: its own process on a free port (all interfaces, so containers reach it too).
 */
export async function startServerEverything(): Promise<RunningServerEverything> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [serverEverything, 'streamableHttp'], { env: { PATH: process.env.PATH ?? '', PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (/listening on port/.test(seen)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${seen}`)));
  });
  return {
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
