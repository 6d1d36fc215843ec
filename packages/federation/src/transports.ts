import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Logger } from 'pino';
import { boundedFetch } from './bounded-fetch.ts';
import type { ConnectionBounds } from './federation-settings.ts';
import { NotificationGate, NOTIFICATIONS_PER_SECOND } from './notification-gate.ts';
import { ReadRate } from './read-rate.ts';
import { StderrLog } from './stdio/stderr-log.ts';
import { StdioTransport } from './stdio/stdio-transport.ts';
import type { RemoteServerEntry, ServerEntry, StdioServerEntry } from './servers-file.ts';

/** The child's environment: what its entry names, plus PATH (to find the command). Nothing else of the gateway's. */
export function childEnv(entry: StdioServerEntry, parent: NodeJS.ProcessEnv): Record<string, string> {
  return { ...(parent.PATH === undefined ? {} : { PATH: parent.PATH }), ...entry.env };
}

export interface TransportDependencies {
  logger: Logger;
  redact: (text: string) => string;
  env: NodeJS.ProcessEnv;
  /** The read bounds (MCP_MAX_ANSWER_BYTES, MCP_LIST_MAX_BYTES) and the stdio kill grace. */
  bounds: ConnectionBounds;
  /** MCP_READ_BYTES_PER_SECOND, shared by every stream of the server. */
  readRate?: ReadRate | undefined;
}

/** A fresh transport for one connection: a new session (HTTP) or a new child process (stdio). */
export function createTransport(entry: ServerEntry, dependencies: TransportDependencies): Transport {
  let transport: Transport | undefined = undefined;
  // A list_changed held back is passed on once, as the server would have sent it.
  const gate = new NotificationGate({
    later: (method) => transport?.onmessage?.({ jsonrpc: '2.0', method }),
    onDropped: (count) => dependencies.logger.warn({ dropped: count }, `the server sent more than ${NOTIFICATIONS_PER_SECOND} notifications a second; ${count} were dropped`),
  });
  transport = entry.transport === 'http' ? httpTransport(entry, dependencies, gate) : stdioTransport(entry, dependencies, gate);
  return transport;
}

/**
 * What the SDK reads over HTTP (initialize, the pages of tools/list, the session's event stream)
 * is bounded as it arrives: a page of the list, with room for its envelope.
 */
const LIST_ENVELOPE_BYTES = 64 * 1024;

function httpTransport(entry: RemoteServerEntry, { bounds, readRate }: TransportDependencies, gate: NotificationGate): Transport {
  const sessionRate = new ReadRate(bounds.sessionStreamBytesPerSecond);
  const fetch = boundedFetch(bounds.list.maxBytes + LIST_ENVELOPE_BYTES, { gate, rate: readRate, sessionRate });
  return new StreamableHTTPClientTransport(entry.url, { requestInit: { headers: entry.headers }, fetch });
}

function stdioTransport(entry: StdioServerEntry, { logger, redact, env, bounds, readRate }: TransportDependencies, gate: NotificationGate): Transport {
  return new StdioTransport({
    command: entry.command,
    args: entry.args,
    env: childEnv(entry, env),
    cwd: entry.cwd,
    maxMessageBytes: bounds.maxAnswerBytes,
    graceMs: bounds.killGraceMs,
    stderr: new StderrLog(logger, redact),
    gate,
    readRate,
  });
}
