import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { freePort, stopChild } from '@toolgate/test-support';

const serverEverything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

export interface RemoteServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * An MCP server the gateway fronts as a remote pack (MCP_SERVERS_FILE): server-everything from
 * npm over Streamable HTTP with sessions, in its own process, as an operator runs it.
 */
export async function startRemoteServer(): Promise<RemoteServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEverything, 'streamableHttp'], { env: { PATH: process.env.PATH ?? '', PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${seen}`)), 20_000);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (/listening on port/.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${seen}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () => stopChild(child),
  };
}
