import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { PackStatus } from './pack-module.ts';
import { AUTH_REASONS, POLICY_REASONS, RATE_LIMIT_REASONS, type RefusalObserver } from './protocol/refusal.ts';
import { SeriesCounter, SeriesHistogram, type CounterSeries, type HistogramSeries } from './series.ts';
import type { MethodObserver, ToolCallObserver } from './mcp/served-pack.ts';
import { createUpstreamMetrics, type UpstreamMetrics } from './upstream-metrics.ts';

/** Latency buckets of a pack's handlers, from a cache hit (0.1 ms) to a slow upstream (10 s). */
const HANDLER_SECONDS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10];

export interface GatewayMetrics {
  registry: Registry;
  observeRequest(pack: string, status: number, seconds: number): void;
  observeToolCall: ToolCallObserver;
  /** A request other than tools/call that a pack answers itself: prompts, resources, completion, tasks. */
  observeMethod: MethodObserver;
  /** Guards' refusals (rate limit, auth) and the caller policy's, by reason. */
  observeRejection: RefusalObserver;
  /** Upstream attempts, caches, breakers and hold-backs (upstream-metrics.ts): handed to every pack. */
  upstream: UpstreamMetrics;
  /** What the packs say of themselves (pack-module.ts), read when /metrics is scraped. */
  watchPackStates(states: () => Record<string, PackStatus>): void;
  /** The long-lived things clients hold open, read when /metrics is scraped. */
  watchOpenStreams(counts: () => OpenStreams): void;
}

/** 2025-era sessions by endpoint (a pack's name, or `/mcp`), and 2026-07-28 listen streams. */
export interface OpenStreams {
  sessions: Record<string, number>;
  listens: number;
}

/** Prometheus metrics in a registry of the app's own, so several apps can live in one test process. */
export function createMetrics(options: { collectProcessMetrics?: boolean } = {}): GatewayMetrics {
  const registry = new Registry();
  if (options.collectProcessMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'toolgate_' });

  const requests = new SeriesCounter({ name: 'toolgate_http_requests_total', help: 'MCP HTTP requests by pack and status code', registry });
  const requestSeconds = new SeriesHistogram({
    name: 'toolgate_http_request_duration_seconds',
    help: 'MCP HTTP request latency by pack',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registry,
  });
  const toolCalls = new SeriesCounter({ name: 'toolgate_tool_calls_total', help: 'Tool calls by pack, tool and outcome', registry });
  const toolSeconds = new SeriesHistogram({
    name: 'toolgate_tool_call_duration_seconds',
    help: 'Tool handler latency by pack and tool',
    buckets: HANDLER_SECONDS,
    registry,
  });
  const methodRequests = new SeriesCounter({ name: 'toolgate_mcp_requests_total', help: 'Requests a pack answers besides tool calls (prompts, resources, completion, tasks) by pack, method and outcome', registry });
  const methodSeconds = new SeriesHistogram({
    name: 'toolgate_mcp_request_duration_seconds',
    help: 'Latency of the requests a pack answers besides tool calls, by pack and method',
    buckets: HANDLER_SECONDS,
    registry,
  });
  const methods = new Map<string, { outcomes: Map<string, CounterSeries>; seconds: HistogramSeries }>();
  const rateLimited = new SeriesCounter({ name: 'toolgate_rate_limit_rejections_total', help: 'Requests refused by the rate limit (429), by reason', registry });
  const authRefused = new SeriesCounter({ name: 'toolgate_auth_rejections_total', help: 'Requests refused at authentication, by reason', registry });
  const policyRefused = new SeriesCounter({
    name: 'toolgate_policy_refusals_total',
    help: "Tool calls (and requests to a pack) refused by the caller's policy: a tool or pack not allowed, a minute limit or daily quota spent",
    registry,
  });
  // Every reason's series from the start, at 0: a rate over a series born mid-spike misses its first count.
  const rejections = {
    rate_limit: new Map(RATE_LIMIT_REASONS.map((reason) => [reason as string, rateLimited.series({ reason })])),
    auth: new Map(AUTH_REASONS.map((reason) => [reason as string, authRefused.series({ reason })])),
    policy: new Map(POLICY_REASONS.map((reason) => [reason as string, policyRefused.series({ reason })])),
  };

  // Each request resolves its series here once per pack (and tool), then only adds numbers.
  const packs = new Map<string, { statuses: Map<number, CounterSeries>; seconds: HistogramSeries }>();
  // By pack, then by tool: both names are the same strings on every call, so each lookup hashes
  // nothing new (a joined key was built and hashed afresh per call).
  const tools = new Map<string, Map<string, { outcomes: Map<string, CounterSeries>; seconds: HistogramSeries }>>();

  let packStates: () => Record<string, PackStatus> = () => ({});
  new Gauge({
    name: 'toolgate_tool_changes_held',
    help: "Tools whose definition changed on a fronted MCP server and is held back until an operator accepts it (tool pinning), by pack",
    labelNames: ['pack'],
    registers: [registry],
    // Each worker holds its own connection to the server: the same changes, not more of them.
    aggregator: 'max',
    collect() {
      this.reset();
      for (const [pack, status] of Object.entries(packStates())) if (status.heldChanges !== undefined) this.set({ pack }, status.heldChanges);
    },
  });

  // What clients hold open, so an operator sees a leak (or a client that never lets go) before a bound refuses.
  let openStreams: () => OpenStreams = () => ({ sessions: {}, listens: 0 });
  new Gauge({
    name: 'toolgate_sessions_open',
    help: '2025-era MCP sessions held (each may keep a GET stream open), by endpoint: a pack, or /mcp',
    labelNames: ['pack'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [pack, count] of Object.entries(openStreams().sessions)) this.set({ pack }, count);
    },
  });
  new Gauge({
    name: 'toolgate_listen_streams_open',
    help: "2026-07-28 listen streams open (each a client's long-lived request for notifications)",
    registers: [registry],
    collect() {
      this.set(openStreams().listens);
    },
  });

  return {
    registry,
    upstream: createUpstreamMetrics(registry),
    watchPackStates(states) {
      packStates = states;
    },
    watchOpenStreams(counts) {
      openStreams = counts;
    },
    observeRejection({ kind, reason }) {
      rejections[kind].get(reason)?.inc();
    },
    observeRequest(pack, status, seconds) {
      let series = packs.get(pack);
      if (!series) packs.set(pack, (series = { statuses: new Map(), seconds: requestSeconds.series({ pack }) }));
      let byStatus = series.statuses.get(status);
      if (!byStatus) series.statuses.set(status, (byStatus = requests.series({ pack, status: String(status) })));
      byStatus.inc();
      series.seconds.observe(seconds);
    },
    observeMethod({ pack, method, outcome, seconds }) {
      const key = `${pack}\u0000${method}`;
      let series = methods.get(key);
      if (!series) methods.set(key, (series = { outcomes: new Map(), seconds: methodSeconds.series({ pack, method }) }));
      let byOutcome = series.outcomes.get(outcome);
      if (!byOutcome) series.outcomes.set(outcome, (byOutcome = methodRequests.series({ pack, method, outcome })));
      byOutcome.inc();
      series.seconds.observe(seconds);
    },
    observeToolCall({ pack, tool, outcome, seconds }) {
      let ofPack = tools.get(pack);
      if (!ofPack) tools.set(pack, (ofPack = new Map()));
      let series = ofPack.get(tool);
      if (!series) ofPack.set(tool, (series = { outcomes: new Map(), seconds: toolSeconds.series({ pack, tool }) }));
      let byOutcome = series.outcomes.get(outcome);
      if (!byOutcome) series.outcomes.set(outcome, (byOutcome = toolCalls.series({ pack, tool, outcome })));
      byOutcome.inc();
      series.seconds.observe(seconds);
    },
  };
}
