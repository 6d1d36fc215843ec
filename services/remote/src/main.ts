import { runMain } from '@toolgate/core';
import { REMOTE_PACK_DEFAULT_PORT, remotePackModules } from '@toolgate/federation';
import { BUILT_IN_PACK_NAMES, selectRemote } from './select-remote.ts';

try {
  const module = selectRemote(remotePackModules(process.env, BUILT_IN_PACK_NAMES), process.env.TOOLGATE_REMOTE);
  runMain({ service: module.name, modules: [module], defaultPort: REMOTE_PACK_DEFAULT_PORT });
} catch (error) {
  process.stderr.write(`remote: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
