import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { createDispatcher } from '../mcp/dispatcher.ts';
import { ErrorCode } from '../mcp/protocol.ts';
import type { GatewayMetrics } from '../metrics.ts';
import type { Pack } from '../pack.ts';
import { errorHandler } from './error-handler.ts';
import { operationalRoutes, type ReadinessCheck } from './health.ts';
import { chainHandlers } from './chain-handlers.ts';
import { installMcpLanes } from './mcp-lanes.ts';
import { createMcpRoute } from './mcp-route.ts';
import { originGuard } from './origin-guard.ts';
import { HttpProblem } from './problem.ts';
import { requestId } from './request-id.ts';

export interface MountedPack {
  pack: Pack;
  segment: string;
}

export interface AppOptions {
  packs: MountedPack[];
  logger: Logger;
  metrics: GatewayMetrics;
  allowedOrigins?: readonly string[];
  maxBodyBytes?: number;
  readiness?: ReadinessCheck[];
  /** The cluster worker serving this app (WORKERS > 1): /healthz names it. */
  worker?: number;
  /** Extra middleware run before every MCP route (auth, rate limits). */
  guards?: express.RequestHandler[];
}

function observeRequests(pack: string, metrics: GatewayMetrics, logger: Logger) {
  return function observeRequest(_request: Request, response: Response, next: NextFunction): void {
    const started = performance.now();
    // `on`, not `once`: a response finishes once, and `once` wraps the listener on every request.
    response.on('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      metrics.observeRequest(pack, response.statusCode, seconds);
      // Access lines are at debug: skip building them when they would be dropped.
      if (logger.isLevelEnabled('debug')) {
        logger.debug({ requestId: response.locals.requestId, pack, status: response.statusCode, ms: seconds * 1000 }, 'request');
      }
    });
    next();
  };
}

/**
 * Builds the HTTP app for one or more packs, each at `/<segment>/mcp`. Never listens and
 * never reads the environment: the caller hands in everything (the all-in-one gateway,
 * a single pack's service, or a test).
 */
export function createApp(options: AppOptions): Express {
  const { packs, logger, metrics } = options;
  const segments = new Set<string>();
  for (const { segment, pack } of packs) {
    if (segments.has(segment)) throw new Error(`two packs share the path segment "${segment}" (second: ${pack.name})`);
    segments.add(segment);
  }

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  const withRequestId = requestId();
  app.use(withRequestId);

  const guard = originGuard(options.allowedOrigins);
  const lanes = new Map<string, express.RequestHandler>();
  for (const { pack, segment } of packs) {
    const dispatcher = createDispatcher(pack, { onToolCall: metrics.observeToolCall });
    const route = createMcpRoute({ dispatcher, logger, maxBodyBytes: options.maxBodyBytes ?? 1_048_576 });
    // One router layer per pack instead of one per handler: each layer matches and trims the path again.
    const chain = chainHandlers([observeRequests(pack.name, metrics, logger), guard, ...(options.guards ?? []), route]);
    app.use(`/${segment}/mcp`, chain);
    lanes.set(`/${segment}/mcp`, chain);
  }
  // After the packs, so an MCP call does not walk the operational routes first; their paths cannot clash.
  app.use(
    operationalRoutes({
      packs: packs.map(({ pack }) => pack.name),
      readiness: options.readiness ?? [],
      registry: metrics.registry,
      worker: options.worker,
    }),
  );

  app.use((request: Request) => {
    throw new HttpProblem(404, ErrorCode.ConnectionClosed, `Not found: ${request.method} ${request.path}`);
  });
  const onError = errorHandler(logger);
  app.use(onError);
  installMcpLanes(app, { lanes, first: withRequestId, onError, expressApis: (options.guards ?? []).length > 0 });
  return app;
}
