import { replaceRegion } from './regions.mjs';
import { segmentVariable } from './manifest.mjs';

/** @typedef {import('./manifest.mjs').PackManifest} PackManifest */

/**
 * The service behind /mcp in the split deployments: the all-in-one gateway (services/gateway),
 * every pack in one process, so a call through the one URL is served, counted and limited once
 * (docs/deployment.md#one-url). Its port is the gateway's default, as in the `gateway` scrape job.
 */
export const ONE_URL_SERVICE = 'gateway';
export const ONE_URL_PORT = 8080;

/**
 * Where every image is named: TOOLGATE_REGISTRY (empty, or a registry and path ending in "/") before
 * toolgate/<service>, so `docker compose build && docker compose push` and the swarm stack's nodes
 * agree on one name. The tag is TOOLGATE_VERSION.
 * @param {string} service
 */
export const imageOf = (service) => `\${TOOLGATE_REGISTRY:-}toolgate/${service}:\${TOOLGATE_VERSION:-latest}`;

/** x-pack's volume for API_KEYS_FILE (docker-compose.yml): a service that sets `volumes` of its own repeats it. */
export const KEYS_VOLUME = '${TOOLGATE_KEYS_DIR:-./deploy/keys}:/etc/toolgate-keys:ro';

/**
 * docker-compose.yml: one service per pack, the one-URL service with every pack's variables, and
 * nginx's view of them, between its packs:sync lines.
 * @param {string} text the current file
 * @param {PackManifest[]} packs
 */
export function composeFile(text, packs) {
  const segments = packs.map((pack) => segmentVariable(pack.name));
  const upstreams = packs.map((pack) => `${pack.name}=${pack.name}:${pack.port}`).join(' ');
  const services = packs.flatMap((pack) => [
    `  ${pack.name}:`,
    '    <<: *pack',
    '    build:',
    '      context: .',
    '      args:',
    `        PACK: ${pack.name}`,
    `    image: ${imageOf(pack.name)}`,
    '    environment:',
    '      <<: *common-env',
    `      PORT: "${pack.port}"`,
    ...pack.env.map((variable) => `      ${variable.name}:`),
    '',
  ]);
  const peers = packs.map((pack) => `http://${pack.name}:${pack.port}`).join(',');
  const oneUrl = [
    '  # Every pack in one process: nginx sends it /mcp (every pack\'s tools at one URL) and the catalog page.',
    `  ${ONE_URL_SERVICE}:`,
    '    <<: *pack',
    '    build:',
    '      context: .',
    '      args:',
    `        PACK: ${ONE_URL_SERVICE}`,
    `    image: ${imageOf(ONE_URL_SERVICE)}`,
    '    environment:',
    '      <<: *common-env',
    `      PORT: "${ONE_URL_PORT}"`,
    '      # It serves every pack itself, so its catalog page needs no peers.',
    '      CATALOG_PEERS: ""',
    '      TOOLGATE_PACKS:',
    '      COMBINED_INCLUDE:',
    '      COMBINED_EXCLUDE:',
    ...packs.flatMap((pack) => pack.env.map((variable) => `      ${variable.name}:`)),
    '',
  ];
  let next = replaceRegion(text, 'catalog-peers', [`  CATALOG_PEERS: \${CATALOG_PEERS:-${peers}}`], 'docker-compose.yml');
  next = replaceRegion(next, 'common-env', segments.map((name) => `  ${name}:`), 'docker-compose.yml');
  next = replaceRegion(
    next,
    'nginx-env',
    [`      TOOLGATE_UPSTREAMS: ${upstreams}`, `      TOOLGATE_ONE_URL: ${ONE_URL_SERVICE}:${ONE_URL_PORT}`, ...packs.map((pack) => `      ${segmentVariable(pack.name)}: \${${segmentVariable(pack.name)}:-${pack.name}}`)],
    'docker-compose.yml',
  );
  const started = [...packs.map((pack) => pack.name), ONE_URL_SERVICE].flatMap((name) => [`      ${name}:`, '        condition: service_started']);
  next = replaceRegion(next, 'nginx-depends-on', started, 'docker-compose.yml');
  return replaceRegion(next, 'services', [...services, ...oneUrl], 'docker-compose.yml');
}
