import { definePack, type BuiltPack, type Logger, type Tracing } from '@toolgate/core';
import type { ConnectionBounds } from './federation-settings.ts';
import { RELAYED_CLIENT_CAPABILITIES } from './forwarding/client-routing.ts';
import type { LockWatch } from './pinning/lock-file.ts';
import { ToolPins, type ToolChanges } from './pinning/tool-pins.ts';
import { ReadRate } from './read-rate.ts';
import { redactor } from './redact.ts';
import { RemoteConnection } from './remote-connection.ts';
import { createRemoteSide, type RemoteFeatureSet } from './remote-features.ts';
import type { ServerEntry } from './servers-file.ts';
import { createToolCalls } from './tool-calls.ts';
import { toolFilter } from './tool-filter.ts';
import { createTransport } from './transports.ts';

export interface RemotePackOptions {
  logger: Logger;
  /** MCP_SERVER_TIMEOUT_MS, the answer and list bounds, re-listing, the stdio kill grace, the client wait. */
  bounds: ConnectionBounds;
  /** The gateway's environment: PATH for a stdio child (nothing else of it is passed on). */
  env: NodeJS.ProcessEnv;
  /** OpenTelemetry: forwarded calls are traced and carry traceparent on. None when off. */
  tracing?: Tracing | undefined;
  /** MCP_TOOL_CHANGES: hold a changed tool back (pinning) or follow the server; an entry's `toolChanges` wins. */
  toolChanges: ToolChanges;
  /** The servers file's lock (pinning/lock-file.ts), followed while the gateway runs. */
  lock?: LockWatch | undefined;
}

/** A remote pack, and everything its server offers besides tools (resources, prompts, completion, tasks). */
export type RemoteBuiltPack = BuiltPack & { features: RemoteFeatureSet };

/** The connection to one server of the servers file, not started: the pack's, or `servers:accept`'s. */
export function connectionTo(entry: ServerEntry, options: RemotePackOptions): RemoteConnection {
  const redact = redactor(entry.secrets);
  const logger = options.logger.child({ transport: entry.transport });
  const pins = new ToolPins({ name: entry.name, mode: entry.toolChanges ?? options.toolChanges, lock: options.lock, logger });
  const readRate = new ReadRate(options.bounds.readBytesPerSecond);
  return new RemoteConnection({
    name: entry.name,
    kind: entry.transport,
    transport: () => createTransport(entry, { logger, redact, env: options.env, bounds: options.bounds, readRate }),
    readRate,
    bounds: options.bounds,
    logger,
    redact,
    serves: toolFilter(entry),
    ...(entry.transport === 'http' ? { http: { url: entry.url, headers: entry.headers } } : {}),
    // Core relays a server's questions to the client of the request that caused them (2025-era
    // clients on the request's stream, 2026-07-28 ones by input_required rounds).
    clientCapabilities: RELAYED_CLIENT_CAPABILITIES,
    pins,
  });
}

/**
 * A pack that fronts one MCP server of the servers file. Start waits for the first connection
 * (bounded by the timeout), so a server that is up has its tools listed from the first request;
 * one that is down leaves the pack `down` on /healthz and is retried in the background. What it
 * serves of a changed tool follows the lock file (pinning/).
 */
export async function createRemotePack(entry: ServerEntry, options: RemotePackOptions): Promise<RemoteBuiltPack> {
  const { bounds, lock } = options;
  const connection = connectionTo(entry, options);
  // An operator accepted a change (the lock was written) or sent SIGHUP: pinned anew at once.
  const stopFollowing = lock?.onReload(() => {
    if (lock.problem) options.logger.error({ lockFile: lock.path }, `the lock file cannot be read; the last one read stays in force: ${lock.problem}`);
    connection.repin();
  });
  await connection.start();
  const side = createRemoteSide(connection, bounds);
  const logger = options.logger.child({ transport: entry.transport });
  const toolCalls = createToolCalls({
    name: entry.name,
    connection,
    requests: side.requests,
    bounds,
    logger,
    redact: redactor(entry.secrets),
    kind: entry.transport,
    url: entry.transport === 'http' ? entry.url : undefined,
    tracing: options.tracing,
  });
  const instructions = connection.instructions;
  const pack = definePack({
    name: entry.name,
    version: '0.0.0',
    ...(instructions ? { instructions } : {}),
    tools: [],
    remoteTools: {
      list: () => connection.tools,
      // The request's whole params (task, _meta, a 2026 round's inputResponses and requestState), under the server's own name.
      call: (name, args, context, params) => toolCalls.call(name, { ...params, name, ...(args ? { arguments: args } : {}) }, context),
      unlisted: (name) => toolCalls.unlisted(name),
    },
    remote: side.features,
  });
  const close = async () => {
    stopFollowing?.();
    side.close();
    await connection.close();
  };
  return { pack, features: side.features, status: () => connection.status(), close };
}
