import { ConfigError, definePackModule, parseEnv, type PackModule } from '@toolgate/core/server';
import { z } from 'zod';
import { connectionBoundsOf, federationEnvSchema } from './federation-settings.ts';
import { lockPathOf, watchLock } from './pinning/lock-file.ts';
import { createRemotePack } from './remote-pack.ts';
import { readServersFile } from './servers-file.ts';

/** The port a remote pack's own service listens on when started alone (services/remote). */
export const REMOTE_PACK_DEFAULT_PORT = 8090;

/**
 * One pack module per entry of `MCP_SERVERS_FILE` (none when it is unset): the same contract as
 * a built-in pack, so keys, limits, dialects, metrics and /healthz apply unchanged. Throws a
 * ConfigError naming the file and the entry when the file cannot be served, or its lock file read.
 */
export function remotePackModules(env: NodeJS.ProcessEnv, builtInNames: readonly string[]): PackModule[] {
  const settings = parseEnv(federationEnvSchema, env);
  if (!settings.MCP_SERVERS_FILE) return [];
  const bounds = connectionBoundsOf(settings);
  const entries = readServersFile(settings.MCP_SERVERS_FILE, env, builtInNames);
  const lock = watchLock(settings.MCP_SERVERS_LOCK_FILE ?? lockPathOf(settings.MCP_SERVERS_FILE));
  if (lock.problem) throw new ConfigError(`invalid configuration:\n  MCP_SERVERS_LOCK_FILE: ${lock.problem}`);
  const toolChanges = settings.MCP_TOOL_CHANGES;
  return entries.map((entry) =>
    definePackModule({
      name: entry.name,
      defaultPort: REMOTE_PACK_DEFAULT_PORT,
      envSchema: z.object({}),
      create: (_config, { logger, tracing }) => createRemotePack(entry, { logger, bounds, env, tracing, toolChanges, lock }),
    }),
  );
}
