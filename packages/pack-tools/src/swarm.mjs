// deploy/swarm/stack.yml: the packs as Docker Swarm services, between its packs:sync lines. With
// a servers file, the same stack with its entries as packs too, in deploy/swarm/stack.remote.yml
// (git-ignored, like compose's and Kubernetes' renderings of it). docs/deployment.md#docker-swarm.
import { createHash } from 'node:crypto';
import { join, posix, relative } from 'node:path';
import { imageOf, ONE_URL_PORT, ONE_URL_SERVICE } from './compose.mjs';
import { secretsOf } from './kubernetes.mjs';
import { segmentVariable } from './manifest.mjs';
import { replaceRegion } from './regions.mjs';
import { entryVariables } from './remote.mjs';

/** @typedef {import('./manifest.mjs').PackManifest} PackManifest */
/** @typedef {import('./remote.mjs').ServersFile} ServersFile */

export const SWARM_DIR = 'deploy/swarm';
export const SWARM_STACK = `${SWARM_DIR}/stack.yml`;
export const SWARM_REMOTE_STACK = `${SWARM_DIR}/stack.remote.yml`;
const ENTRYPOINT = `${SWARM_DIR}/secrets-entrypoint.sh`;
const ENTRYPOINT_TARGET = '/etc/toolgate/secrets-entrypoint.sh';
/** Secrets every service reads, besides its pack's own (the same two Kubernetes passes every pod). */
const COMMON_SECRETS = ['API_KEYS', 'API_KEYS_FILE'];

/**
 * A file the stack hands a service as a swarm config. Swarm refuses to change a config in place,
 * so its name carries a hash of the content: a changed file is a new config, and
 * `docker stack deploy` rolls the services that read it.
 * @typedef {object} StackConfig
 * @property {string} key the config's name in the stack file
 * @property {string} file its path from deploy/swarm
 * @property {string} target where the service reads it
 */

/**
 * @param {string} prefix
 * @param {string} path from the repository root
 * @param {string} target
 * @param {(path: string) => string} read
 * @returns {StackConfig}
 */
function stackConfig(prefix, path, target, read) {
  return { key: `${prefix}-${contentHash(read(path))}`, file: posix.relative(SWARM_DIR, path), target };
}

/** @param {string} text */
const contentHash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 10);

/**
 * nginx's renderer, entrypoint, health script and templates, where docker-compose.yml mounts them.
 * @param {(path: string) => string} read
 * @param {string[]} templates the names in nginx/templates
 */
function nginxConfigs(read, templates) {
  const top = [['entrypoint', 'docker-entrypoint.sh'], ['render', 'render.sh'], ['health', 'health.js']].map(([prefix, name]) => stackConfig(`nginx-${prefix}`, `nginx/${name}`, `/etc/toolgate/nginx/${name}`, read));
  const rendered = templates.map((name) => stackConfig(`nginx-tpl-${name.split('.')[0]}`, `nginx/templates/${name}`, `/etc/toolgate/nginx/templates/${name}`, read));
  return [...top, ...rendered];
}

/** @param {StackConfig[]} configs */
const configLines = (configs) => configs.flatMap(({ key, target }) => [`      - source: ${key}`, `        target: ${target}`]);

/**
 * One service of the stack: x-pack's shape with its image, variables, configs and secrets.
 * @param {{ name: string, image: string, port: number, environment: string[], configs: StackConfig[], secrets: string[], deploy?: string[], comment?: string }} service
 */
function serviceLines({ name, image, port, environment, configs, secrets, deploy = [], comment }) {
  return [
    ...(comment ? [`  # ${comment}`] : []),
    `  ${name}:`,
    '    <<: *pack',
    `    image: ${imageOf(image)}`,
    '    environment:',
    '      <<: *common-env',
    `      PORT: "${port}"`,
    ...environment.map((line) => `      ${line}`),
    '    configs:',
    ...configLines(configs),
    '    secrets:',
    ...secrets.map((secret) => `      - ${secret}`),
    ...deploy,
    '',
  ];
}

/** The one-URL service runs every pack in one process: more memory than one pack's task. */
const ONE_URL_DEPLOY = ['    deploy:', '      <<: *pack-deploy', '      resources:', '        limits:', '          cpus: "1"', '          memory: 512M', '        reservations:', '          cpus: "0.1"', '          memory: 256M'];

/**
 * The stack file with its generated regions written: the committed one from the manifests, or,
 * with `servers`, the one with the file's entries as packs too (each one services/remote serving
 * it, the file a config, its variables secrets).
 * @param {string} text deploy/swarm/stack.yml's current text
 * @param {PackManifest[]} packs
 * @param {{ read: (path: string) => string, templates: string[] }} files the repository's files
 * @param {{ servers: ServersFile, port: number, root: string }} [remote]
 */
export function swarmStack(text, packs, files, remote) {
  const entrypoint = stackConfig('secrets-entrypoint', ENTRYPOINT, ENTRYPOINT_TARGET, files.read);
  const nginx = nginxConfigs(files.read, files.templates);
  const entries = remote?.servers.entries ?? [];
  const serversConfig = remote && {
    key: `mcp-servers-${contentHash(remote.servers.text)}`,
    file: relative(join(remote.root, SWARM_DIR), remote.servers.path),
    target: '/etc/toolgate/mcp-servers.json',
  };
  const served = [...packs.map(({ name, port }) => ({ name, port })), ...entries.map(({ name }) => ({ name, port: remote?.port ?? 0 }))];
  // Every secret once: the gateway reads them all, and the stack declares each one.
  const allSecrets = [...new Set([...COMMON_SECRETS, ...packs.flatMap(secretsOf), ...(remote ? entryVariables(remote.servers) : [])])];
  const withServers = (/** @type {StackConfig[]} */ configs) => (serversConfig ? [...configs, serversConfig] : configs);

  const services = [
    ...packs.flatMap((pack) =>
      serviceLines({
        name: pack.name,
        image: pack.name,
        port: pack.port,
        environment: pack.env.filter((variable) => !variable.secret).map((variable) => `${variable.name}:`),
        configs: [entrypoint],
        secrets: [...COMMON_SECRETS, ...secretsOf(pack)],
      }),
    ),
    ...serviceLines({
      comment: "Every pack in one process: nginx sends it /mcp (every pack's tools at one URL) and the catalog page.",
      name: ONE_URL_SERVICE,
      image: ONE_URL_SERVICE,
      port: ONE_URL_PORT,
      environment: [
        '# It serves every pack itself, so its catalog page needs no peers.',
        'CATALOG_PEERS: ""',
        'TOOLGATE_PACKS:',
        'COMBINED_INCLUDE:',
        'COMBINED_EXCLUDE:',
        ...(serversConfig ? [`MCP_SERVERS_FILE: ${serversConfig.target}`, 'MCP_SERVER_TIMEOUT_MS:'] : []),
        ...packs.flatMap((pack) => pack.env.filter((variable) => !variable.secret).map((variable) => `${variable.name}:`)),
      ],
      configs: withServers([entrypoint]),
      secrets: allSecrets,
      deploy: ONE_URL_DEPLOY,
    }),
    ...entries.flatMap(({ name, variables }) =>
      serviceLines({
        comment: `The servers file's "${name}" entry as a pack: services/remote serving it.`,
        name,
        image: 'remote',
        port: remote?.port ?? 0,
        environment: [`MCP_SERVERS_FILE: ${serversConfig?.target}`, `TOOLGATE_REMOTE: ${name}`, 'MCP_SERVER_TIMEOUT_MS:'],
        configs: withServers([entrypoint]),
        secrets: [...new Set([...COMMON_SECRETS, ...variables])],
      }),
    ),
  ];

  const file = remote ? SWARM_REMOTE_STACK : SWARM_STACK;
  const peers = served.map(({ name, port }) => `http://${name}:${port}`).join(',');
  let next = replaceRegion(text, 'catalog-peers', [`  CATALOG_PEERS: \${CATALOG_PEERS:-${peers}}`], file);
  next = replaceRegion(next, 'common-env', packs.map((pack) => `  ${segmentVariable(pack.name)}:`), file);
  next = replaceRegion(next, 'nginx-configs', configLines(nginx), file);
  next = replaceRegion(
    next,
    'nginx-env',
    [
      `      TOOLGATE_UPSTREAMS: ${served.map(({ name, port }) => `${name}=tasks.${name}:${port}`).join(' ')}`,
      `      TOOLGATE_ONE_URL: tasks.${ONE_URL_SERVICE}:${ONE_URL_PORT}`,
      ...packs.map((pack) => `      ${segmentVariable(pack.name)}: \${${segmentVariable(pack.name)}:-${pack.name}}`),
    ],
    file,
  );
  next = replaceRegion(next, 'services', services, file);
  const configs = [entrypoint, ...nginx, ...(serversConfig ? [serversConfig] : [])];
  next = replaceRegion(next, 'configs', configs.flatMap(({ key, file: path }) => [`  ${key}:`, `    file: ${path}`]), file);
  next = replaceRegion(next, 'secrets', allSecrets.flatMap((secret) => [`  ${secret}:`, `    file: \${TOOLGATE_SECRETS_DIR:-./secrets}/${secret}`]), file);
  if (!remote) return next;
  const from = relative(remote.root, remote.servers.path);
  const header = [
    `# Generated by \`pnpm packs:sync --servers ${from.startsWith('..') ? remote.servers.path : from}\`: deploy/swarm/stack.yml with that servers file's`,
    `# entries as packs. Do not edit. docker stack deploy -c ${SWARM_REMOTE_STACK} toolgate`,
    "# Each entry's ${VAR}s are secrets like the packs' keys: a file each in TOOLGATE_SECRETS_DIR.",
  ];
  return [...header, next].join('\n');
}
