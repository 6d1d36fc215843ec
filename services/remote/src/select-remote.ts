import { ConfigError, type PackModule } from '@toolgate/core';

/**
 * The built-in packs' names: a remote entry may not take one, since both would answer at the
 * same path behind nginx. The gateway checks against its own list (services/gateway's test
 * keeps the two the same); this service does not load the packs to learn them.
 */
export const BUILT_IN_PACK_NAMES = ['chain', 'concert', 'game', 'sports', 'quotes'] as const;

/** `TOOLGATE_REMOTE` names the one entry of MCP_SERVERS_FILE this process serves. */
export function selectRemote(modules: PackModule[], wanted: string | undefined): PackModule {
  const name = wanted?.trim();
  const available = modules.map((module) => module.name).join(', ') || '(none: set MCP_SERVERS_FILE)';
  const found = name ? modules.find((module) => module.name === name) : undefined;
  if (found) return found;
  const problem = name ? `no entry "${name}" in MCP_SERVERS_FILE` : 'names the entry of MCP_SERVERS_FILE to serve';
  throw new ConfigError(`invalid configuration:\n  TOOLGATE_REMOTE: ${problem}; entries: ${available}`);
}
