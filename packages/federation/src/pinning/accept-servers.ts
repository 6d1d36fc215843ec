import { createLogger, type RemoteListedTool } from '@toolgate/core/server';
import { connectionBoundsOf, federationEnvSchema } from '../federation-settings.ts';
import { connectionTo } from '../remote-pack.ts';
import { readServersFile } from '../servers-file.ts';
import { canonicalJson } from './canonical-json.ts';
import { lineDiff } from './definition-diff.ts';
import { readLock, writeLock, type PinnedTools } from './lock-file.ts';

export interface AcceptOptions {
  serversFile: string;
  lockFile: string;
  /** The entries to accept; every entry when empty. */
  names: readonly string[];
  env: NodeJS.ProcessEnv;
  /** One line of the report (stdout). */
  out: (line: string) => void;
}

/**
 * `pnpm servers:accept <name>`: lists each named server's tools as the gateway would (the same
 * connection, bounds and allow/deny lists), shows what differs from its pins in the lock file, and
 * writes the lock with what it listed. A running gateway reads the lock again within 2 s (or at
 * once on SIGHUP) and serves the accepted definitions. A server that cannot be reached, or whose
 * list is refused by a bound, is not accepted. True when every server named was.
 */
export async function acceptServers(options: AcceptOptions): Promise<boolean> {
  const settings = federationEnvSchema.parse({ ...options.env, MCP_SERVERS_FILE: options.serversFile });
  const entries = readServersFile(options.serversFile, options.env, []);
  const unknown = options.names.filter((name) => !entries.some((entry) => entry.name === name));
  if (unknown.length > 0) {
    options.out(`no entry ${unknown.map((name) => `"${name}"`).join(', ')} in ${options.serversFile}; its entries: ${entries.map((entry) => entry.name).join(', ')}`);
    return false;
  }
  const chosen = options.names.length === 0 ? entries : entries.filter((entry) => options.names.includes(entry.name));
  const lock = readLock(options.lockFile);
  const logger = createLogger({ level: 'warn', name: 'servers:accept' });
  let accepted = 0;
  for (const entry of chosen) {
    const connection = connectionTo(entry, { logger: logger.child({ pack: entry.name }), bounds: connectionBoundsOf(settings), env: options.env, toolChanges: 'follow' });
    await connection.start();
    const status = connection.status();
    const tools = connection.tools;
    await connection.close();
    if (status.state === 'down' || status.detail?.startsWith('its tool list is refused')) {
      options.out(`${entry.name}: not accepted: ${status.detail ?? 'the server cannot be reached'}`);
      continue;
    }
    const before = lock.servers[entry.name]?.tools as PinnedTools | undefined;
    for (const line of describeChanges(before, tools)) options.out(`${entry.name}: ${line}`);
    if (status.detail) options.out(`${entry.name}: note: ${status.detail}`);
    lock.servers[entry.name] = { tools: Object.fromEntries(tools.map((tool) => [tool.name, tool])) };
    accepted += 1;
  }
  if (accepted > 0) {
    writeLock(options.lockFile, lock);
    options.out(`wrote ${options.lockFile}: a running gateway serves it within 2 s (or at once on SIGHUP); commit it to pin these definitions`);
  }
  return accepted === chosen.length;
}

/** What accepting `tools` changes against the pins `before`, tool by tool, each change with its diff. */
function describeChanges(before: PinnedTools | undefined, tools: readonly RemoteListedTool[]): string[] {
  if (!before) return [`${tools.length} tools pinned for the first time: ${tools.map((tool) => tool.name).join(', ') || '(none)'}`];
  const lines: string[] = [];
  for (const tool of tools) {
    const pinned = before[tool.name];
    const now = canonicalJson(tool);
    if (pinned === undefined) lines.push(`${tool.name} added:\n${indent(lineDiff('', now))}`);
    else if (canonicalJson(pinned) !== now) lines.push(`${tool.name} changed:\n${indent(lineDiff(canonicalJson(pinned), now))}`);
  }
  for (const name of Object.keys(before)) if (!tools.some((tool) => tool.name === name)) lines.push(`${name} removed (the server no longer lists it)`);
  return lines.length > 0 ? lines : ['no change: the pins are what the server lists'];
}

const indent = (text: string) => text.replace(/^/gm, '    ');
