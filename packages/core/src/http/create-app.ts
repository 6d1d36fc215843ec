import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { withCallerPolicy, type CallerPolicyOptions } from '../mcp/caller-policy.ts';
import { createCombinedDispatcher } from '../mcp/combined-dispatcher.ts';
import { combinedSelection, type CombinedSettings } from '../mcp/combined-selection.ts';
import { createDispatcher } from '../mcp/dispatcher.ts';
import { ErrorCode } from '../mcp/protocol.ts';
import type { GatewayMetrics } from '../metrics.ts';
import { traceRequests } from '../observability/trace-requests.ts';
import type { Tracing } from '../observability/tracing.ts';
import type { Pack } from '../pack.ts';
import type { PackStatus } from '../pack-module.ts';
import { errorHandler } from './error-handler.ts';
import { operationalRoutes, type ReadinessCheck } from './health.ts';
import { chainHandlers } from './chain-handlers.ts';
import { ClientSlots } from './client-slots.ts';
import { cors } from './cors.ts';
import { exactPath } from './exact-path.ts';
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from '../limits-config.ts';
import { installMcpLanes } from './mcp-lanes.ts';
import { createMcpRoute } from './mcp-route.ts';
import { originGuard } from './origin-guard.ts';
import { HttpProblem } from './problem.ts';
import { requestId } from './request-id.ts';
import { packAccess } from '../security/pack-access.ts';
import { oauthDiscoveryRoutes } from '../security/oauth/discovery-routes.ts';
import type { OAuthResourceConfig } from '../security/oauth/resource.ts';
import { trustProxySetting } from '../security/trust-proxy.ts';
import { localCatalog, type LocalPack } from '../page/catalog.ts';
import { browserRedirect, pageRoutes } from '../page/page-routes.ts';
import { pageCatalog } from '../page/peer-catalog.ts';

export interface MountedPack {
  pack: Pack;
  segment: string;
  /** The pack's state for /healthz (BuiltPack.status); ready when absent. */
  status?: () => PackStatus;
}

export interface AppOptions {
  packs: MountedPack[];
  logger: Logger;
  metrics: GatewayMetrics;
  allowedOrigins?: readonly string[];
  maxBodyBytes?: number;
  readiness?: ReadinessCheck[];
  /** Batch, response, concurrency and slow-body bounds; each defaults to limits-config.ts. */
  limits?: Partial<RequestLimits>;
  /** TRUST_PROXY: proxies whose X-Forwarded-For names the client; none when unset. */
  trustProxy?: readonly string[];
  /** The cluster worker serving this app (WORKERS > 1): /healthz names it. */
  worker?: number;
  /** Extra middleware run before every MCP route (auth, rate limits). */
  guards?: express.RequestHandler[];
  /** Per-caller budgets and the audit line, applied around each pack's dispatcher (caller-policy.ts). */
  callPolicy?: CallerPolicyOptions;
  /** OAuth resource-server mode: each pack serves protected-resource metadata naming this issuer. */
  oauth?: OAuthResourceConfig;
  /** The catalog page at `GET /` (docs/catalog-page.md). */
  page?: PageSettings;
  /** COMBINED_INCLUDE / COMBINED_EXCLUDE: what `/mcp` serves; every pack's every tool when absent. */
  combined?: CombinedSettings;
  /** OpenTelemetry tracing (OTEL_*); none when it is off. */
  tracing?: Tracing;
}

/** Where every pack's tools are served at once (the packs' own paths are `/<segment>/mcp`). */
export const COMBINED_PATH = '/mcp';

export interface PageSettings {
  /** PUBLIC_URL: the base URL the page shows clients; else the request's own. */
  publicUrl?: string | undefined;
  /** API_KEYS or OAuth on: the page asks for a key to try tools. */
  keyed?: boolean;
  /** CATALOG_PEERS: other toolgate processes whose packs the page shows too (split deployments). */
  peers?: readonly string[] | undefined;
}

const READY: PackStatus = { state: 'ready' };

/** What a pack's finished responses are reported to: made once per pack. */
interface RequestObserver {
  pack: string;
  metrics: GatewayMetrics;
  logger: Logger;
}

const OBSERVER = Symbol('toolgate.observer');
const STARTED = Symbol('toolgate.started');
type ObservedResponse = Response & { [OBSERVER]?: RequestObserver; [STARTED]?: number };

// One listener function for every response, reading what it needs from the response itself:
// a closure per request was a visible share of a cheap call's allocations.
function onFinish(this: ObservedResponse): void {
  const { pack, metrics, logger } = this[OBSERVER]!;
  const seconds = (performance.now() - this[STARTED]!) / 1000;
  metrics.observeRequest(pack, this.statusCode, seconds);
  // Access lines are at debug: skip building them when they would be dropped.
  if (logger.isLevelEnabled('debug')) {
    logger.debug({ requestId: this.locals.requestId, pack, status: this.statusCode, ms: seconds * 1000 }, 'request');
  }
}

function observeRequests(pack: string, metrics: GatewayMetrics, logger: Logger) {
  const observer: RequestObserver = { pack, metrics, logger };
  return function observeRequest(_request: Request, response: ObservedResponse, next: NextFunction): void {
    response[OBSERVER] = observer;
    response[STARTED] = performance.now();
    // `on`, not `once`: a response finishes once, and `once` wraps the listener on every request.
    response.on('finish', onFinish);
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
  app.set('trust proxy', trustProxySetting(options.trustProxy));
  // `/QUOTES/mcp` must not reach a pack that an operator's exact-path rule elsewhere blocks.
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  const withRequestId = requestId();
  app.use(withRequestId);

  const guard = originGuard(options.allowedOrigins);
  // CORS after the origin guard (which refuses other origins) and before the guards: preflights carry no key.
  const corsHeaders = cors(options.allowedOrigins);
  const limits = { ...DEFAULT_REQUEST_LIMITS, ...options.limits };
  const slots = new ClientSlots(limits.maxCallsInFlightPerClient);
  const lanes = new Map<string, express.RequestHandler>();
  const pagePacks: LocalPack[] = [];
  for (const { pack, segment, status } of packs) {
    const dispatcher = withCallerPolicy(createDispatcher(pack, { onToolCall: metrics.observeToolCall, tracing: options.tracing }), options.callPolicy);
    pagePacks.push({ dispatcher, segment, ...(status ? { status } : {}) });
    const route = createMcpRoute({ dispatcher, logger, maxBodyBytes: options.maxBodyBytes ?? 1_048_576, limits, slots });
    // One router layer per pack instead of one per handler: each layer matches and trims the path again.
    const traced = options.tracing ? [traceRequests(options.tracing, `/${segment}/mcp`) as express.RequestHandler] : [];
    const handlers = [observeRequests(pack.name, metrics, logger), ...traced, guard, corsHeaders, ...(options.guards ?? []), ...(options.guards?.length ? [packAccess(pack.name)] : []), route];
    // A browser's GET is sent to the page before any guard; the lane takes only POSTs, so it needs no such step.
    app.use(`/${segment}/mcp`, exactPath(chainHandlers([browserRedirect(`pack-${segment}`), ...handlers])));
    // The lane matches the exact path only, so it needs no exactPath check of its own; it skips
    // the app-wide request id layer, so it runs it first itself.
    lanes.set(`/${segment}/mcp`, chainHandlers([withRequestId, ...handlers]));
  }
  // The combined endpoint, mounted as a pack is: every pack's tools through the packs' own dispatchers (docs/deployment.md#one-url).
  const selection = combinedSelection(options.combined ?? {}, packs.map(({ pack }) => pack));
  const combined = createCombinedDispatcher(pagePacks.map(({ dispatcher }) => dispatcher), { selection, logger });
  const combinedRoute = createMcpRoute({ dispatcher: combined, logger, maxBodyBytes: options.maxBodyBytes ?? 1_048_576, limits, slots });
  const combinedTraced = options.tracing ? [traceRequests(options.tracing, COMBINED_PATH) as express.RequestHandler] : [];
  const combinedHandlers = [observeRequests(COMBINED_PATH, metrics, logger), ...combinedTraced, guard, corsHeaders, ...(options.guards ?? []), combinedRoute];
  app.use(COMBINED_PATH, exactPath(chainHandlers([browserRedirect('one-url'), ...combinedHandlers])));
  lanes.set(COMBINED_PATH, chainHandlers([withRequestId, ...combinedHandlers]));
  // Discovery is never behind a key: OAuth clients read these answers before they have one.
  app.use(corsHeaders, oauthDiscoveryRoutes({ mountPaths: [...packs.map(({ segment }) => `/${segment}/mcp`), COMBINED_PATH], oauth: options.oauth }));
  // After the packs, so an MCP call does not walk the operational routes first; their paths cannot clash.
  app.use(
    operationalRoutes({
      packs: packs.map(({ pack }) => pack.name),
      packStates: () => Object.fromEntries(packs.map(({ pack, status }) => [pack.name, status?.() ?? READY])),
      readiness: options.readiness ?? [],
      registry: metrics.registry,
      worker: options.worker,
    }),
  );

  const ownCatalog = localCatalog(pagePacks, logger);
  app.use(
    pageRoutes({
      catalog: pageCatalog(ownCatalog, options.page?.peers ?? []),
      localCatalog: ownCatalog,
      publicUrl: options.page?.publicUrl,
      keyed: options.page?.keyed ?? false,
      oneUrl: (options.page?.peers ?? []).length === 0,
    }),
  );

  app.use((request: Request) => {
    throw new HttpProblem(404, ErrorCode.NotFound, `Not found: ${request.method} ${request.path}`);
  });
  const onError = errorHandler(logger);
  app.use(onError);
  // Express's request API is needed by the guards, and by the per-client slots for `request.ip`
  // when a trusted proxy names the client (without one, the socket's address is the same answer).
  const expressApis = (options.guards ?? []).length > 0 || (options.trustProxy ?? []).length > 0;
  installMcpLanes(app, { lanes, onError, expressApis });
  return app;
}
