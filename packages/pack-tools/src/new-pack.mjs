// `pnpm new-pack <name>`: a working pack in services/<name> (one example tool, its test, a
// README and the manifest), served by `pnpm start`, compose and Kubernetes after `pnpm packs:sync`.
// Plain JavaScript for the same reason as manifest.mjs: it runs before `pnpm install`.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACK_NAME, readManifests } from './manifest.mjs';
import { packFiles } from './pack-template.mjs';

/**
 * Writes services/<name>; returns the paths written (from the repository root).
 * @param {string} root
 * @param {string} name
 */
export function newPack(root, name) {
  if (!PACK_NAME.test(name)) throw new Error(`"${name}" cannot name a pack: lower-case letters and digits, starting with a letter (it becomes a path, /<name>/mcp, and a variable name, <NAME>_SEGMENT)`);
  const dir = join(root, 'services', name);
  if (existsSync(dir)) throw new Error(`services/${name} already exists`);
  const packs = readManifests(root);
  const port = Math.max(8080, ...packs.map((pack) => pack.port)) + 1;
  const written = [];
  for (const [path, content] of packFiles(name, port)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
    written.push(`services/${name}/${path}`);
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const name = process.argv[2];
  if (!name) {
    process.stderr.write('usage: pnpm new-pack <name>\n');
    process.exit(1);
  }
  try {
    const written = newPack(fileURLToPath(new URL('../../../', import.meta.url)), name);
    process.stdout.write(`new-pack: wrote\n  ${written.join('\n  ')}\nnext: pnpm packs:sync && pnpm install && pnpm test; then pnpm start serves /${name}/mcp\n`);
  } catch (error) {
    process.stderr.write(`new-pack: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
