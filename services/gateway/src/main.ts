import { runMain } from '@toolgate/core';
import { remotePackModules } from '@toolgate/federation';
import { packModules } from './pack-modules.ts';
import { selectPacks } from './select-packs.ts';

try {
  // MCP_SERVERS_FILE: the MCP servers an operator already runs, each served as one more pack.
  const remote = remotePackModules(process.env, packModules.map((module) => module.name));
  runMain({ service: 'gateway', modules: selectPacks([...packModules, ...remote], process.env.TOOLGATE_PACKS), defaultPort: 8080 });
} catch (error) {
  process.stderr.write(`gateway: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
