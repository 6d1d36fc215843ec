import { ConfigError, type PackModule } from '@toolgate/core';

export { BUILT_IN_PACK_NAMES } from './built-in-packs.ts';

/** `TOOLGATE_REMOTE` names the one entry of MCP_SERVERS_FILE this process serves. */
export function selectRemote(modules: PackModule[], wanted: string | undefined): PackModule {
  const name = wanted?.trim();
  const available = modules.map((module) => module.name).join(', ') || '(none: set MCP_SERVERS_FILE)';
  const found = name ? modules.find((module) => module.name === name) : undefined;
  if (found) return found;
  const problem = name ? `no entry "${name}" in MCP_SERVERS_FILE` : 'names the entry of MCP_SERVERS_FILE to serve';
  throw new ConfigError(`invalid configuration:\n  TOOLGATE_REMOTE: ${problem}; entries: ${available}`);
}
