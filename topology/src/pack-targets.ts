import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readManifests } from '@toolgate/pack-tools';
import { repoRoot } from './repo.ts';
import type { ServiceSpec } from './service-process.ts';

/** Every pack's manifest (services/<name>/package.json), in the gateway's order. */
export const PACK_MANIFESTS = readManifests(repoRoot);

/** The packs of the product, each a service under services/<name>. */
export const PRODUCT_PACKS: string[] = PACK_MANIFESTS.map((pack) => pack.name);

/** A tool call a pack can answer with no network at all: checked end to end through nginx. */
export interface OfflineProbe {
  tool: string;
  arguments: Record<string, unknown>;
}

export interface PackTarget {
  name: string;
  /** How to start one replica as its own process (PORT=0: it logs the port it got). */
  service(replica: string): ServiceSpec;
  probe?: OfflineProbe;
}

// Packs that call the internet get upstream addresses where nothing listens (each manifest's
// `offline` values): a test never leaves the machine, and tools/list needs no upstream anyway.
const OFFLINE_UPSTREAMS: Record<string, string> = Object.fromEntries(
  PACK_MANIFESTS.flatMap((pack) => pack.env.flatMap((variable) => (variable.offline === undefined ? [] : [[variable.name, variable.offline]]))),
);

const PROBES: Record<string, OfflineProbe | undefined> = {
  ...Object.fromEntries(PACK_MANIFESTS.map((pack) => [pack.name, pack.probe])),
  echo: { tool: 'echo', arguments: { text: 'probe' } },
};

function serviceEnv(replica: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', REPLICA_NAME: replica, ...OFFLINE_UPSTREAMS };
}

/** The test-only echo pack (topology/test/fixtures/echo-service.ts): always available. */
export const echoTarget: PackTarget = echoWith({});

/** The echo pack with more of its environment: `{ECHO_SESSIONS: 'on'}` makes it issue sessions. */
export function echoWith(env: Record<string, string>): PackTarget {
  return {
    name: 'echo',
    probe: PROBES.echo,
    service: (replica) => ({
      name: `echo/${replica}`,
      command: process.execPath,
      args: [fileURLToPath(new URL('../test/fixtures/echo-service.ts', import.meta.url))],
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...serviceEnv(replica), ...env },
    }),
  };
}

/** A product pack, started as `pnpm --filter @toolgate/<name> start` does: `node src/main.ts` in its directory. */
export function productTarget(name: string): PackTarget {
  const cwd = `${repoRoot}services/${name}`;
  if (!existsSync(`${cwd}/src/main.ts`)) throw new Error(`no pack service at services/${name}/src/main.ts`);
  return {
    name,
    probe: PROBES[name],
    service: (replica) => ({ name: `${name}/${replica}`, command: process.execPath, args: ['src/main.ts'], cwd, env: serviceEnv(replica) }),
  };
}

/**
 * The all-in-one gateway (services/gateway): every product pack in one process, and all of them at
 * /mcp. nginx's one-URL service (TOOLGATE_ONE_URL), as compose and Kubernetes run it.
 */
export const gatewayTarget: PackTarget = {
  name: 'gateway',
  service: (replica) => ({
    name: `gateway/${replica}`,
    command: process.execPath,
    args: ['src/main.ts'],
    cwd: `${repoRoot}services/gateway`,
    env: serviceEnv(replica),
  }),
};

/**
 * The packs the end-to-end run puts behind nginx: TOOLGATE_TOPOLOGY_PACKS (comma-separated
 * names, `echo` for the fixture) when set, otherwise the echo fixture plus every product pack
 * present in this checkout.
 */
export function selectTargets(wanted: string | undefined): PackTarget[] {
  const names = (wanted ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (names.length > 0) return names.map((name) => (name === 'echo' ? echoTarget : productTarget(name)));
  const present = PRODUCT_PACKS.filter((name) => existsSync(`${repoRoot}services/${name}/src/main.ts`));
  return [echoTarget, ...present.map(productTarget)];
}
