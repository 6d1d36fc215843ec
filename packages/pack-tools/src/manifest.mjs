// Plain JavaScript on purpose: `pnpm new-pack` and `pnpm packs:sync` run on a clean clone before
// `pnpm install`, on whatever Node the host has (no type stripping, no dependencies).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {object} PackVariable One environment variable a pack reads.
 * @property {string} name
 * @property {string} description One or more sentences for `.env.example`.
 * @property {string} example The value shown in `.env.example` (empty for secrets).
 * @property {boolean} secret A key or token: a Kubernetes Secret reference, never a ConfigMap value.
 * @property {string} [offline] The value tests use so that the pack never leaves the machine.
 */

/**
 * @typedef {object} PackManifest The `toolgate` block of services/<name>/package.json.
 * @property {string} name The directory name: the pack's name and its default path segment.
 * @property {string} packageName `@toolgate/<name>`.
 * @property {string} module The PackModule its index.ts exports.
 * @property {number} port Its own service's port (`pnpm --filter @toolgate/<name> start`, compose).
 * @property {PackVariable[]} env The pack's own variables (server-wide ones are core's).
 * @property {{ tool: string, arguments: Record<string, unknown> } | undefined} probe A call it answers with no network.
 */

export const PACK_NAME = /^[a-z][a-z0-9]{0,30}$/;
const VARIABLE = /^[A-Z][A-Z0-9_]*$/;
/**
 * Every pack under `<root>/services`, in port order (the order the gateway lists them). A service
 * is a pack when its package.json has a `toolgate` block: the gateway and services/remote have none.
 * @param {string} root
 * @returns {PackManifest[]}
 */
export function readManifests(root) {
  const services = join(root, 'services');
  const manifests = readdirSync(services, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(services, entry.name, 'package.json')))
    .map((entry) => ({ name: entry.name, json: JSON.parse(readFileSync(join(services, entry.name, 'package.json'), 'utf8')) }))
    .filter(({ json }) => json.toolgate !== undefined)
    .map(({ name, json }) => parseManifest(name, json));
  const byPort = new Map();
  for (const manifest of manifests) {
    const other = byPort.get(manifest.port);
    if (other) throw new Error(`services/${manifest.name}: port ${manifest.port} is already services/${other}'s`);
    byPort.set(manifest.port, manifest.name);
  }
  return manifests.sort((a, b) => a.port - b.port);
}

/**
 * Checks one package.json's `toolgate` block, naming every problem with the file it is in.
 * @param {string} name
 * @param {any} packageJson
 * @returns {PackManifest}
 */
export function parseManifest(name, packageJson) {
  const where = `services/${name}/package.json`;
  const problems = [];
  const block = packageJson?.toolgate;
  if (!PACK_NAME.test(name)) problems.push(`the directory name must match ${PACK_NAME} (it becomes a path segment and <NAME>_SEGMENT)`);
  if (packageJson?.name !== `@toolgate/${name}`) problems.push(`"name" must be "@toolgate/${name}"`);
  if (typeof block !== 'object' || block === null) throw new Error(`${where}: no "toolgate" block (see docs/development.md, "Add a pack")`);
  if (typeof block.module !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(block.module)) problems.push('"toolgate.module": the name of the PackModule src/index.ts exports');
  if (!Number.isInteger(block.port) || block.port < 1024 || block.port > 65_535) problems.push('"toolgate.port": a whole number from 1024 to 65535');
  const env = [];
  for (const [variable, spec] of Object.entries(block.env ?? {})) {
    const at = `"toolgate.env.${variable}"`;
    if (!VARIABLE.test(variable)) problems.push(`${at}: a variable name is upper case letters, digits and "_"`);
    if (typeof spec?.description !== 'string' || spec.description.trim() === '') problems.push(`${at}.description: say what it does`);
    if (spec?.example !== undefined && typeof spec.example !== 'string') problems.push(`${at}.example: a string`);
    if (spec?.secret !== undefined && typeof spec.secret !== 'boolean') problems.push(`${at}.secret: true or false`);
    if (spec?.offline !== undefined && typeof spec.offline !== 'string') problems.push(`${at}.offline: a string`);
    env.push({
      name: variable,
      description: String(spec?.description ?? '').trim(),
      example: spec?.example ?? '',
      secret: spec?.secret === true,
      ...(spec?.offline !== undefined ? { offline: spec.offline } : {}),
    });
  }
  const probe = block.probe;
  if (probe !== undefined && (typeof probe?.tool !== 'string' || typeof probe.arguments !== 'object' || probe.arguments === null)) {
    problems.push('"toolgate.probe": { "tool": "<a tool that needs no network>", "arguments": { … } }');
  }
  if (problems.length > 0) throw new Error(`${where}:\n  ${problems.join('\n  ')}`);
  return { name, packageName: packageJson.name, module: block.module, port: block.port, env, probe };
}

/**
 * `<NAME>_SEGMENT`, the variable that moves a pack's path (core and nginx read the same name).
 * @param {string} name
 */
export const segmentVariable = (name) => `${name.toUpperCase()}_SEGMENT`;
