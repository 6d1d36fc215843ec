// An operator's servers file (MCP_SERVERS_FILE), read for rendering its entries as packs. The
// gateway's own parser checks it (packages/federation: the same refusals, in the same words), so
// this part needs `pnpm install`; plain `pnpm packs:sync` never loads it.
import { readFileSync } from 'node:fs';
import { PACK_NAME } from './manifest.mjs';

/**
 * @typedef {object} RenderedServer One entry of the servers file, as the renderer needs it.
 * @property {string} name The pack's name: compose service, Kubernetes objects, `/<name>/mcp`.
 * @property {'http' | 'stdio'} transport
 * @property {string[]} variables The `${VAR}`s the entry names: passed to its container from the
 *   environment (compose) or the toolgate-secrets Secret (Kubernetes), never written out.
 */

/** `${VAR}` as federation's substitute-env reads it; `$${` is a literal and names no variable. */
const REFERENCE = /\$(\$)?\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Variables every container sets for itself: passing the host's would be wrong inside it. */
const CONTAINER_OWN = new Set(['HOME', 'PATH']);

/**
 * Reads and checks `path` as the gateway would at start, except that a variable need not be set:
 * it is resolved in the container, not here. Throws the gateway's one-line refusal.
 * @param {string} path
 * @param {string[]} builtInNames
 * @param {NodeJS.ProcessEnv} env values used only to check a URL made of variables; never written
 * @returns {Promise<RenderedServer[]>}
 */
export async function readServers(path, builtInNames, env) {
  // A path, not the package name: pack-tools runs before install and depends on no workspace package.
  const parser = new URL('../../federation/src/servers-file.ts', import.meta.url).href;
  const { readServersFile } = /** @type {{ readServersFile: (path: string, env: NodeJS.ProcessEnv, names: readonly string[]) => { name: string, transport: 'http' | 'stdio' }[] }} */ (
    await import(parser).catch((error) => {
      throw new Error(`rendering a servers file reads it with federation's parser: run it as \`pnpm packs:sync\` (Node 24) after \`pnpm install\`: ${error instanceof Error ? error.message : String(error)}`);
    })
  );
  // An unset variable stands as "0", which keeps a URL whole where its host or port is a variable.
  const lenient = new Proxy(env, { get: (target, name) => (typeof name === 'string' ? (target[name] ?? '0') : undefined) });
  const entries = readServersFile(path, lenient, builtInNames);
  const json = JSON.parse(readFileSync(path, 'utf8'));
  const raw = json.mcpServers ?? json.servers;
  return entries.map(({ name, transport }) => {
    if (!PACK_NAME.test(name)) {
      throw new Error(
        `invalid configuration:\n  MCP_SERVERS_FILE ${path} entry "${name}": to be rendered as a compose service, Kubernetes objects and an nginx upstream, the name must match ${PACK_NAME}`,
      );
    }
    const variables = new Set();
    for (const [, escaped, variable] of JSON.stringify(raw[name]).matchAll(REFERENCE)) {
      if (variable && !escaped && !CONTAINER_OWN.has(variable)) variables.add(variable);
    }
    return { name, transport, variables: [...variables].sort() };
  });
}
