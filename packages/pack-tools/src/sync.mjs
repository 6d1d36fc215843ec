import { existsSync, readFileSync, writeFileSync, mkdirSync, rmSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeFile } from './compose.mjs';
import { envExample } from './env-example.mjs';
import { gatewayModules, gatewayPackageJson, remoteBuiltInNames } from './gateway.mjs';
import { kubernetesFiles, PACKS_DIR } from './kubernetes.mjs';
import { readManifests } from './manifest.mjs';
import { manifestEnvFile, manifestEnvPath } from './manifest-env.mjs';
import { prometheusConfig, PROMETHEUS_CONFIG } from './prometheus.mjs';
import { composeOverride, COMPOSE_OVERRIDE, PROMETHEUS_REMOTE_CONFIG, REMOTE_DIR, REMOTE_PORT, remoteKubernetesFiles, remotePrometheusConfig } from './remote.mjs';
import { readServers } from './servers.mjs';
import { SWARM_REMOTE_STACK, SWARM_STACK, swarmStack } from './swarm.mjs';

/** @typedef {import('./remote.mjs').ServersFile} ServersFile */

/**
 * Every file derived from the packs' manifests, as it should be: path (from the repository root)
 * to content. `null` content: a generated file that must not exist (a pack that is gone).
 * With a servers file, its entries as packs too, in files of their own (remote.mjs).
 * @param {string} root
 * @param {{ servers?: ServersFile }} [options]
 * @returns {Map<string, string | null>}
 */
export function derivedFiles(root, options = {}) {
  const packs = readManifests(root);
  const read = (/** @type {string} */ path) => readFileSync(join(root, path), 'utf8');
  /** @type {Map<string, string | null>} */
  const files = new Map();
  files.set('services/gateway/src/pack-modules.ts', gatewayModules(packs));
  files.set('services/gateway/package.json', gatewayPackageJson(read('services/gateway/package.json'), packs, (name) => existsSync(join(root, 'packages', name))));
  files.set('services/remote/src/built-in-packs.ts', remoteBuiltInNames(packs));
  for (const pack of packs) files.set(manifestEnvPath(pack.name), manifestEnvFile(pack));
  files.set('.env.example', envExample(read('.env.example'), packs));
  files.set('docker-compose.yml', composeFile(read('docker-compose.yml'), packs));
  files.set(PROMETHEUS_CONFIG, prometheusConfig(read(PROMETHEUS_CONFIG), packs));
  const stackFiles = { read, templates: readdirSync(join(root, 'nginx/templates')).sort() };
  files.set(SWARM_STACK, swarmStack(read(SWARM_STACK), packs, stackFiles));
  const kubernetes = kubernetesFiles(packs, read);
  for (const [path, content] of kubernetes) files.set(path, content);
  // A pack that is gone takes its kustomize directory with it.
  const packsDir = join(root, PACKS_DIR);
  if (existsSync(packsDir)) {
    for (const name of readdirSync(packsDir)) {
      const path = `${PACKS_DIR}/${name}/kustomization.yaml`;
      if (!kubernetes.has(path)) files.set(path, null);
    }
  }
  if (options.servers) {
    files.set(COMPOSE_OVERRIDE, composeOverride(read('docker-compose.yml'), packs, options.servers, root));
    files.set(PROMETHEUS_REMOTE_CONFIG, remotePrometheusConfig(files.get(PROMETHEUS_CONFIG) ?? read(PROMETHEUS_CONFIG), packs, options.servers));
    files.set(SWARM_REMOTE_STACK, swarmStack(read(SWARM_STACK), packs, stackFiles, { servers: options.servers, port: REMOTE_PORT, root }));
    const remote = remoteKubernetesFiles(packs, options.servers);
    for (const [path, content] of remote) files.set(path, content);
    const remotePacks = join(root, REMOTE_DIR, 'packs');
    for (const name of existsSync(remotePacks) ? readdirSync(remotePacks) : []) {
      const path = `${REMOTE_DIR}/packs/${name}/kustomization.yaml`;
      if (!remote.has(path)) files.set(path, null);
    }
  }
  return files;
}

/**
 * Reads a servers file for rendering (servers.mjs), checked against this checkout's pack names.
 * @param {string} root
 * @param {string} path
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<ServersFile>}
 */
export async function loadServersFile(root, path, env) {
  const entries = await readServers(path, readManifests(root).map((pack) => pack.name), env);
  return { path: resolve(path), text: readFileSync(path, 'utf8'), entries };
}

/**
 * Writes the derived files (or, with `check`, only lists those that differ).
 * @param {string} root
 * @param {{ check?: boolean, servers?: ServersFile }} [options]
 * @returns {string[]} the paths that differed
 */
export function syncPacks(root, options = {}) {
  const changed = [];
  for (const [path, content] of derivedFiles(root, options)) {
    const file = join(root, path);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (current === content) continue;
    changed.push(path);
    if (options.check) continue;
    if (content === null) rmSync(dirname(file), { recursive: true, force: true });
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
  }
  return changed;
}

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * `--servers <file>`, else MCP_SERVERS_FILE, else none.
 * @param {string[]} argv
 * @param {NodeJS.ProcessEnv} env
 */
export function serversPathFrom(argv, env) {
  const flag = argv.indexOf('--servers');
  if (flag >= 0) {
    const path = argv[flag + 1];
    if (!path || path.startsWith('--')) throw new Error('--servers needs the path of an mcpServers file');
    return path;
  }
  return env.MCP_SERVERS_FILE?.trim() || undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  try {
    const serversPath = serversPathFrom(process.argv.slice(2), process.env);
    const servers = serversPath ? await loadServersFile(repoRoot, serversPath, process.env) : undefined;
    const changed = syncPacks(repoRoot, { check, ...(servers ? { servers } : {}) });
    if (check && changed.length > 0) {
      const rerun = serversPath ? `pnpm packs:sync --servers ${serversPath}` : 'pnpm packs:sync';
      process.stderr.write(`packs:sync: these files are not what the pack manifests${serversPath ? ' and the servers file' : ''} say; run \`${rerun}\`${serversPath ? '' : ' and commit'}:\n  ${changed.join('\n  ')}\n`);
      process.exit(1);
    }
    process.stdout.write(changed.length === 0 ? 'packs:sync: every derived file is up to date\n' : `packs:sync: wrote\n  ${changed.join('\n  ')}\n`);
  } catch (error) {
    process.stderr.write(`packs:sync: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
