import { definePackModule, parseEnv, type PackModule } from '@toolgate/core';
import { z } from 'zod';
import { connectionBoundsOf, federationEnvSchema } from './federation-settings.ts';
import { createRemotePack } from './remote-pack.ts';
import { readServersFile } from './servers-file.ts';

/** The port a remote pack's own service listens on when started alone (services/remote). */
export const REMOTE_PACK_DEFAULT_PORT = 8090;

/**
 * One pack module per entry of `MCP_SERVERS_FILE` (none when it is unset): the same contract as
 * a built-in pack, so keys, limits, dialects, metrics and /healthz apply unchanged. Throws a
 * ConfigError naming the file and the entry when the file cannot be served.
 */
export function remotePackModules(env: NodeJS.ProcessEnv, builtInNames: readonly string[]): PackModule[] {
  const settings = parseEnv(federationEnvSchema, env);
  if (!settings.MCP_SERVERS_FILE) return [];
  const bounds = connectionBoundsOf(settings);
  return readServersFile(settings.MCP_SERVERS_FILE, env, builtInNames).map((entry) =>
    definePackModule({
      name: entry.name,
      defaultPort: REMOTE_PACK_DEFAULT_PORT,
      envSchema: z.object({}),
      create: (_config, { logger, tracing }) => createRemotePack(entry, { logger, bounds, env, tracing }),
    }),
  );
}
