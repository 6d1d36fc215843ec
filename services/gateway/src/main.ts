import { resolvePathVariables, runMain } from '@toolgate/core/server';
import { remotePackModules } from '@toolgate/federation';
import { packModules } from './pack-modules.ts';
import { selectPacks } from './select-packs.ts';

try {
  // QUOTES_DATA_DIR=data/x, MCP_SERVERS_FILE=./s.json: relative to where `pnpm start` was typed.
  const env = resolvePathVariables(process.env);
  // MCP_SERVERS_FILE: the MCP servers an operator already runs, each served as one more pack.
  const remote = remotePackModules(env, packModules.map((module) => module.name));
  runMain({ service: 'gateway', modules: selectPacks([...packModules, ...remote], env.TOOLGATE_PACKS), defaultPort: 8080, env });
} catch (error) {
  process.stderr.write(`gateway: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
