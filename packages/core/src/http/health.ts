import { Router } from 'express';
import type { Registry } from 'prom-client';
import type { PackStatus, ReadinessCheck } from '../pack-module.ts';
import type { UpstreamHold } from '../upstream-observer.ts';

/** `/healthz`: the process answers. `/readyz`: every dependency it needs answers too. `/metrics`. */
export interface OperationalOptions {
  packs: string[];
  /**
   * Each pack's state by name (pack-module.ts); /healthz shows it, and stays 200: it is liveness.
   * /readyz does not read it: a pack down is its server's or upstream's fault, which taking this
   * replica out of rotation would not mend (every replica sees the same server), while it would
   * take every other pack with it.
   */
  packStates?: () => Record<string, PackStatus>;
  readiness: ReadinessCheck[];
  registry: Registry;
  /** Upstreams held back now (after a 429, or a 503 with Retry-After): shown while there are any. */
  heldBack?: () => UpstreamHold[];
  worker?: number | undefined;
}

/**
 * `/healthz`'s top-level status, for a monitor that reads one field: `degraded` while a pack is
 * down or faulted (a server unreachable, an upstream failing, a tool list refused), `ok` otherwise.
 * A pack that lacks only settings (`missing`: an unset key) is a choice, not an outage.
 */
export function overallStatus(states: Record<string, PackStatus>): 'ok' | 'degraded' {
  const faulted = Object.values(states).some((status) => status.state === 'down' || (status.state === 'degraded' && !status.missing?.length));
  return faulted ? 'degraded' : 'ok';
}

export function operationalRoutes(options: OperationalOptions): Router {
  // Strict like the MCP routes: `/metrics/` or `/HEALTHZ` must not slip past a proxy's exact-path rule.
  const router = Router({ caseSensitive: true, strict: true });
  // With WORKERS > 1, which worker answered: each one is checked on its own.
  const worker = options.worker === undefined ? {} : { worker: options.worker };
  router.get('/healthz', (_request, response) => {
    const states = options.packStates?.() ?? {};
    const held = (options.heldBack?.() ?? []).map((hold) => ({ ...hold, until: new Date(hold.until).toISOString() }));
    response.json({ status: overallStatus(states), packs: options.packs, states, ...(held.length > 0 ? { heldBack: held } : {}), ...worker });
  });
  router.get('/readyz', async (_request, response) => {
    const results = await Promise.all(
      options.readiness.map(async ({ name, check }) => [name, await check().catch(() => false)] as const),
    );
    const failing = results.filter(([, ok]) => !ok).map(([name]) => name);
    response.status(failing.length === 0 ? 200 : 503).json({ status: failing.length === 0 ? 'ready' : 'not ready', failing });
  });
  router.get('/metrics', async (_request, response) => {
    response.type(options.registry.contentType).send(await options.registry.metrics());
  });
  return router;
}
