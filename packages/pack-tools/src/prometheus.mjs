import { replaceRegion } from './regions.mjs';

/** @typedef {import('./manifest.mjs').PackManifest} PackManifest */

export const PROMETHEUS_CONFIG = 'deploy/prometheus/prometheus.yml';

/**
 * deploy/prometheus/prometheus.yml: one scrape job per pack, between its packs:sync lines. Docker
 * DNS answers a service name with every replica, so each replica is a target of its own.
 * @param {string} text the current file
 * @param {Array<Pick<PackManifest, 'name' | 'port'>>} packs each compose service's name and port
 */
export function prometheusConfig(text, packs) {
  const jobs = packs.flatMap((pack) => [
    `  - job_name: toolgate-${pack.name}`,
    '    dns_sd_configs:',
    `      - names: [${pack.name}]`,
    '        type: A',
    `        port: ${pack.port}`,
  ]);
  return replaceRegion(text, 'prometheus-packs', jobs, PROMETHEUS_CONFIG);
}
