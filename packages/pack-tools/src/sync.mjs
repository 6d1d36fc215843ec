import { existsSync, readFileSync, writeFileSync, mkdirSync, rmSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeFile } from './compose.mjs';
import { envExample } from './env-example.mjs';
import { gatewayModules, gatewayPackageJson, remoteBuiltInNames } from './gateway.mjs';
import { kubernetesFiles, PACKS_DIR } from './kubernetes.mjs';
import { readManifests } from './manifest.mjs';

/**
 * Every file derived from the packs' manifests, as it should be: path (from the repository root)
 * to content. `null` content: a generated file that must not exist (a pack that is gone).
 * @param {string} root
 * @returns {Map<string, string | null>}
 */
export function derivedFiles(root) {
  const packs = readManifests(root);
  const read = (/** @type {string} */ path) => readFileSync(join(root, path), 'utf8');
  /** @type {Map<string, string | null>} */
  const files = new Map();
  files.set('services/gateway/src/pack-modules.ts', gatewayModules(packs));
  files.set('services/gateway/package.json', gatewayPackageJson(read('services/gateway/package.json'), packs, (name) => existsSync(join(root, 'packages', name))));
  files.set('services/remote/src/built-in-packs.ts', remoteBuiltInNames(packs));
  files.set('.env.example', envExample(read('.env.example'), packs));
  files.set('docker-compose.yml', composeFile(read('docker-compose.yml'), packs));
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
  return files;
}

/**
 * Writes the derived files (or, with `check`, only lists those that differ).
 * @param {string} root
 * @param {{ check?: boolean }} [options]
 * @returns {string[]} the paths that differed
 */
export function syncPacks(root, options = {}) {
  const changed = [];
  for (const [path, content] of derivedFiles(root)) {
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  try {
    const changed = syncPacks(repoRoot, { check });
    if (check && changed.length > 0) {
      process.stderr.write(`packs:sync: these files are not what the pack manifests say; run \`pnpm packs:sync\` and commit:\n  ${changed.join('\n  ')}\n`);
      process.exit(1);
    }
    process.stdout.write(changed.length === 0 ? 'packs:sync: every derived file is up to date\n' : `packs:sync: wrote\n  ${changed.join('\n  ')}\n`);
  } catch (error) {
    process.stderr.write(`packs:sync: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
