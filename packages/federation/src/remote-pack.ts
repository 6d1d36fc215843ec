import { definePack, type BuiltPack, type Logger, type Tracing } from '@toolgate/core';
import type { ConnectionBounds } from './federation-settings.ts';
import { redactor } from './redact.ts';
import { RemoteConnection } from './remote-connection.ts';
import type { ServerEntry } from './servers-file.ts';
import { toolFilter } from './tool-filter.ts';
import { createTransport } from './transports.ts';

export interface RemotePackOptions {
  logger: Logger;
  /** MCP_SERVER_TIMEOUT_MS, the answer and list bounds, re-listing and the stdio kill grace. */
  bounds: ConnectionBounds;
  /** The gateway's environment: PATH for a stdio child (nothing else of it is passed on). */
  env: NodeJS.ProcessEnv;
  /** OpenTelemetry: forwarded calls are traced and carry traceparent on. None when off. */
  tracing?: Tracing | undefined;
}

/**
 * A pack that fronts one MCP server of the servers file. Start waits for the first connection
 * (bounded by the timeout), so a server that is up has its tools listed from the first request;
 * one that is down leaves the pack `down` on /healthz and is retried in the background.
 */
export async function createRemotePack(entry: ServerEntry, options: RemotePackOptions): Promise<BuiltPack> {
  const redact = redactor(entry.secrets);
  const logger = options.logger.child({ transport: entry.transport });
  const connection = new RemoteConnection({
    name: entry.name,
    kind: entry.transport,
    transport: () => createTransport(entry, { logger, redact, env: options.env, bounds: options.bounds }),
    bounds: options.bounds,
    logger,
    redact,
    serves: toolFilter(entry),
    ...(entry.transport === 'http' ? { http: { url: entry.url, headers: entry.headers } } : {}),
    tracing: options.tracing,
  });
  await connection.start();
  const instructions = connection.instructions;
  const pack = definePack({
    name: entry.name,
    version: '0.0.0',
    ...(instructions ? { instructions } : {}),
    tools: [],
    remoteTools: {
      list: () => connection.tools,
      call: (name, args, context) => connection.call(name, args, context),
      unlisted: (name) => connection.unlisted(name),
    },
  });
  return { pack, status: () => connection.status(), close: () => connection.close() };
}
