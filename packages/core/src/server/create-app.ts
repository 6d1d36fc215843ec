import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Request } from 'express';
import type { Logger } from 'pino';
import { withCallerPolicy, type CallerPolicyOptions } from '../mcp/caller-policy.ts';
import { createCombinedDispatcher } from '../mcp/combined-dispatcher.ts';
import { combinedSelection, type CombinedSettings } from '../mcp/combined-selection.ts';
import { createDispatcher } from '../mcp/dispatcher.ts';
import type { Dispatcher } from '../mcp/dispatch-context.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import type { MethodTable } from '../mcp/method-entry.ts';
import { METHODS } from '../mcp/method-table.ts';
import type { GatewayMetrics } from '../metrics.ts';
import type { Tracing } from '../observability/tracing.ts';
import type { Pack } from '../pack.ts';
import { statusOf, type MountedPack, type ReadinessCheck } from '../pack-module.ts';
import { errorHandler } from '../http/error-handler.ts';
import { operationalRoutes } from '../http/health.ts';
import { ClientSlots } from '../http/client-slots.ts';
import { addressIdOf, trustedProxies } from '../http/client-address.ts';
import { cors, corsHeaders } from '../http/cors.ts';
import type { Guard } from '../protocol/guard.ts';
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from '../limits-config.ts';
import { createMcpEndpoint } from '../http/mcp-endpoint.ts';
import { createMcpRoute } from '../http/mcp-route.ts';
import { SessionSupport } from '../http/session-support.ts';
import { createStateSealer, stateSecretOf } from '../mcp/state-sealer.ts';
import { createSessionTokens } from '../streams/session-token.ts';
import { originGuard } from '../http/origin-guard.ts';
import { Refusal } from '../protocol/refusal.ts';
import { requestId, requestIdMaker } from '../http/request-id.ts';
import { packAccess } from '../security/pack-access.ts';
import { oauthDiscoveryRoutes } from '../security/oauth/discovery-routes.ts';
import type { OAuthResourceConfig } from '../security/oauth/resource.ts';
import { localCatalog, type LocalPack } from '../page/catalog.ts';
import { browserRedirect, pageRoutes } from '../page/page-routes.ts';
import { pageCatalog } from '../page/peer-catalog.ts';
import { ListenStreams } from '../streams/listen-streams.ts';

export type { MountedPack };

export interface AppOptions {
  /** Each pack's readiness checks join `readiness`; its status shows on /healthz and the page. */
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
  /** Checks every MCP request passes before its body is read (auth, rate limits): guard.ts. */
  guards?: readonly Guard[];
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
  /** The MCP methods served (mcp/method-table.ts); a test may bring its own table. */
  methods?: MethodTable;
  /** STATE_SECRET: signs session ids and 2026-07-28 round state (the same on every replica); the process's own otherwise. */
  stateSecret?: string | undefined;
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

/** The gateway's request listener: what `serve` and supertest take. */
export type App = ((request: IncomingMessage, response: ServerResponse) => void) & {
  /** Ends the sessions' streams (GET) as the server drains: they would otherwise hold it open. */
  closeStreams?: () => void;
};

/**
 * Builds the HTTP app for one or more packs, each at `/<segment>/mcp`. Never listens and
 * never reads the environment: the caller hands in everything (the all-in-one gateway,
 * a single pack's service, or a test). The MCP endpoints stand on node:http alone
 * (mcp-endpoint.ts); Express serves only the routes beside them: discovery, health,
 * metrics, the page and the 404s.
 */
export function createApp(options: AppOptions): App {
  const { packs, logger, metrics } = options;
  const segments = new Set<string>();
  for (const { segment, pack } of packs) {
    if (segments.has(segment)) throw new Error(`two packs share the path segment "${segment}" (second: ${pack.name})`);
    segments.add(segment);
  }

  const methods = options.methods ?? METHODS;
  const makeRequestId = requestIdMaker();
  const checkOrigin = originGuard(options.allowedOrigins);
  const applyCors = corsHeaders(options.allowedOrigins);
  const limits = { ...DEFAULT_REQUEST_LIMITS, ...options.limits };
  const slots = new ClientSlots(limits.maxCallsInFlightPerClient);
  const trusted = trustedProxies(options.trustProxy);
  const clientAddressId = addressIdOf(trusted);
  const endpoints = new Map<string, App>();
  /** Each endpoint's sessions, by the label that names the endpoint in metrics. */
  const sessionSupports = new Map<string, SessionSupport>();
  const listens = new ListenStreams();
  const secret = stateSecretOf(options.stateSecret);
  const sealer = createStateSealer({ secret });
  const sessionTokens = createSessionTokens(secret);
  /** One endpoint: every MCP endpoint shares the checks, limits, ids and metrics; `label` names it in metrics. */
  const addEndpoint = (mountPath: string, label: string, dispatcher: Dispatcher, pageAnchor: string, guards: readonly Guard[]) => {
    // Only endpoints whose packs need sessions keep any (docs/protocol.md#sessions).
    const sessions = dispatcher.sessions ? new SessionSupport(dispatcher.sessions, sessionTokens) : undefined;
    if (sessions) sessionSupports.set(label, sessions);
    endpoints.set(
      mountPath,
      createMcpEndpoint({
        pack: label,
        mountPath,
        post: createMcpRoute({ dispatcher, logger, maxBodyBytes: options.maxBodyBytes ?? 1_048_576, limits, slots, methods, sessions }),
        sessions,
        redirectBrowser: browserRedirect(pageAnchor),
        checkOrigin,
        applyCors,
        guards,
        addressIdOf: clientAddressId,
        makeRequestId,
        metrics,
        logger,
        tracing: options.tracing,
      }),
    );
  };
  const pagePacks: LocalPack[] = [];
  // Policy refusals are answered in-band (caller-policy.ts), so they reach the metrics from there.
  const callPolicy: CallerPolicyOptions = { observeRejection: metrics.observeRejection, ...options.callPolicy };
  for (const mounted of packs) {
    const { pack, segment } = mounted;
    const dispatcher = withCallerPolicy(createDispatcher(pack, { onToolCall: metrics.observeToolCall, onRequest: metrics.observeMethod, tracing: options.tracing, sealer, listens }, methods), callPolicy, methods);
    pagePacks.push({ ...mounted, dispatcher });
    // With auth on, a caller whose policy grants nothing in this pack is refused (403) after the guards.
    addEndpoint(`/${segment}/mcp`, pack.name, dispatcher, `pack-${segment}`, options.guards?.length ? [...options.guards, packAccess(pack)] : []);
  }
  // The combined endpoint, served as a pack is: every pack's tools through the packs' own
  // dispatchers, so each pack's caller policy applies there too (docs/deployment.md#one-url).
  const selection = combinedSelection(options.combined ?? {}, packs.map(({ pack }) => pack));
  const combined = createCombinedDispatcher(pagePacks.map(({ dispatcher }) => dispatcher), { selection, logger, sealer, listens }, methods);
  addEndpoint(COMBINED_PATH, COMBINED_PATH, combined, 'one-url', options.guards ?? []);

  const routes = express();
  routes.disable('x-powered-by');
  routes.disable('etag');
  // The page names the gateway by the request's host and scheme, which a trusted proxy sets.
  routes.set('trust proxy', trusted ?? false);
  routes.set('case sensitive routing', true);
  routes.set('strict routing', true);
  routes.use(requestId(makeRequestId));
  // Discovery is never behind a key: OAuth clients read these answers before they have one.
  routes.use(cors(options.allowedOrigins), oauthDiscoveryRoutes({ mountPaths: [...endpoints.keys()], oauth: options.oauth }));
  const packStates = () => Object.fromEntries(packs.map((mounted) => [mounted.pack.name, statusOf(mounted)]));
  metrics.watchPackStates(packStates);
  metrics.watchOpenStreams(() => ({
    sessions: Object.fromEntries([...sessionSupports].map(([label, sessions]) => [label, sessions.store.size])),
    listens: listens.size,
  }));
  routes.use(
    operationalRoutes({
      packs: packs.map(({ pack }) => pack.name),
      packStates,
      readiness: [...packs.flatMap(({ readiness }) => readiness ?? []), ...(options.readiness ?? [])],
      registry: metrics.registry,
      heldBack: () => metrics.upstream.heldBack(),
      worker: options.worker,
    }),
  );
  const ownCatalog = localCatalog(pagePacks, logger);
  routes.use(
    pageRoutes({
      catalog: pageCatalog(ownCatalog, options.page?.peers ?? []),
      localCatalog: ownCatalog,
      publicUrl: options.page?.publicUrl,
      keyed: options.page?.keyed ?? false,
      oneUrl: (options.page?.peers ?? []).length === 0,
    }),
  );
  // Below an endpoint too (`/<segment>/mcp/…`, a trailing slash): a plain 404 that never reached
  // the guards, so a client probing there cannot read a 401 as "this exists, authenticate".
  routes.use((request: Request) => {
    throw new Refusal(404, ErrorCode.NotFound, `Not found: ${request.method} ${request.path}`);
  });
  routes.use(errorHandler(logger));

  // The exact path, case and all; a query string does not change which endpoint answers.
  const app: App = function toolgate(request, response) {
    const url = request.url ?? '';
    const query = url.indexOf('?');
    const endpoint = endpoints.get(query === -1 ? url : url.slice(0, query));
    if (endpoint) endpoint(request, response);
    else routes(request, response);
  };
  // A session's GET stream and a 2026-07-28 listen stream never end by themselves: a drain ends them.
  app.closeStreams = () => {
    for (const sessions of sessionSupports.values()) sessions.closeAll();
    listens.endAll();
  };
  return app;
}
