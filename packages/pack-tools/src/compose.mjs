import { replaceRegion } from './regions.mjs';
import { segmentVariable } from './manifest.mjs';

/** @typedef {import('./manifest.mjs').PackManifest} PackManifest */

/**
 * docker-compose.yml: one service per pack, and nginx's view of them, between its packs:sync lines.
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
    `    image: toolgate/${pack.name}:\${TOOLGATE_VERSION:-latest}`,
    '    environment:',
    '      <<: *common-env',
    `      PORT: "${pack.port}"`,
    ...pack.env.map((variable) => `      ${variable.name}:`),
    '',
  ]);
  const peers = packs.map((pack) => `http://${pack.name}:${pack.port}`).join(',');
  let next = replaceRegion(text, 'catalog-peers', [`  CATALOG_PEERS: \${CATALOG_PEERS:-${peers}}`], 'docker-compose.yml');
  next = replaceRegion(next, 'common-env', segments.map((name) => `  ${name}:`), 'docker-compose.yml');
  next = replaceRegion(
    next,
    'nginx-env',
    [`      TOOLGATE_UPSTREAMS: ${upstreams}`, ...packs.map((pack) => `      ${segmentVariable(pack.name)}: \${${segmentVariable(pack.name)}:-${pack.name}}`)],
    'docker-compose.yml',
  );
  next = replaceRegion(next, 'nginx-depends-on', packs.flatMap((pack) => [`      ${pack.name}:`, '        condition: service_started']), 'docker-compose.yml');
  return replaceRegion(next, 'services', services, 'docker-compose.yml');
}
