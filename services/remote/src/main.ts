import { resolvePathVariables, runMain } from '@toolgate/core/server';
import { REMOTE_PACK_DEFAULT_PORT, remotePackModules } from '@toolgate/federation';
import { BUILT_IN_PACK_NAMES, selectRemote } from './select-remote.ts';

try {
  // MCP_SERVERS_FILE relative to where the command was typed (pnpm runs this in services/remote/).
  const env = resolvePathVariables(process.env);
  const module = selectRemote(remotePackModules(env, BUILT_IN_PACK_NAMES), env.TOOLGATE_REMOTE);
  runMain({ service: module.name, modules: [module], defaultPort: REMOTE_PACK_DEFAULT_PORT, env });
} catch (error) {
  process.stderr.write(`remote: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
