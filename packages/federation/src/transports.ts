import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Logger } from 'pino';
import type { RemoteServerEntry, ServerEntry, StdioServerEntry } from './servers-file.ts';

/** The longest stderr line kept in a log record. */
const MAX_STDERR_LINE = 2_000;

/**
 * The SDK's stdio transport adds HOME, LOGNAME, SHELL, TERM and USER to whatever env it is
 * given; undefined values are dropped by spawn, so these keys keep the child's env to what its
 * entry names, plus PATH (to find the command).
 */
const SDK_DEFAULT_ENV = ['HOME', 'LOGNAME', 'SHELL', 'TERM', 'USER'];

export function childEnv(entry: StdioServerEntry, parent: NodeJS.ProcessEnv): Record<string, string> {
  const cleared = Object.fromEntries(SDK_DEFAULT_ENV.map((name) => [name, undefined]));
  const path = parent.PATH === undefined ? {} : { PATH: parent.PATH };
  return { ...cleared, ...path, ...entry.env } as Record<string, string>;
}

export interface TransportDependencies {
  logger: Logger;
  redact: (text: string) => string;
  env: NodeJS.ProcessEnv;
}

/** A fresh transport for one connection: a new session (HTTP) or a new child process (stdio). */
export function createTransport(entry: ServerEntry, dependencies: TransportDependencies): Transport {
  return entry.transport === 'http' ? httpTransport(entry) : stdioTransport(entry, dependencies);
}

function httpTransport(entry: RemoteServerEntry): Transport {
  return new StreamableHTTPClientTransport(entry.url, { requestInit: { headers: entry.headers } });
}

function stdioTransport(entry: StdioServerEntry, { logger, redact, env }: TransportDependencies): Transport {
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    env: childEnv(entry, env),
    stderr: 'pipe',
    ...(entry.cwd ? { cwd: entry.cwd } : {}),
  });
  let partial = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) logger.info({ stderr: redact(line.slice(0, MAX_STDERR_LINE)) }, 'server stderr');
  });
  return transport;
}
