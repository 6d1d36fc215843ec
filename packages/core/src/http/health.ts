import { Router } from 'express';
import type { Registry } from 'prom-client';

export interface ReadinessCheck {
  name: string;
  check(): Promise<boolean>;
}

/** `/healthz`: the process answers. `/readyz`: every dependency it needs answers too. `/metrics`. */
export function operationalRoutes(options: { packs: string[]; readiness: ReadinessCheck[]; registry: Registry; worker?: number | undefined }): Router {
  // Strict like the MCP routes: `/metrics/` or `/HEALTHZ` must not slip past a proxy's exact-path rule.
  const router = Router({ caseSensitive: true, strict: true });
  // With WORKERS > 1, which worker answered: each one is checked on its own.
  const worker = options.worker === undefined ? {} : { worker: options.worker };
  router.get('/healthz', (_request, response) => {
    response.json({ status: 'ok', packs: options.packs, ...worker });
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
