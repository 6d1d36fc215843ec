import type { IncomingMessage } from 'node:http';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  createContextKey,
  defaultTextMapGetter,
  defaultTextMapSetter,
  trace,
  type Attributes,
  type Link,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import type { Logger } from 'pino';
import type { CallToolOutcome } from '../protocol/tool-result.ts';
import { META_PROTOCOL_VERSION } from '../protocol/revisions.ts';
import { reportingExporter } from './reporting-exporter.ts';
import { upstreamSpans } from './upstream-spans.ts';
import type { RequestTrace, ToolCallInfo, Tracing } from './tracing.ts';
import type { TracingSettings } from './tracing-config.ts';

/** The `MCP-Protocol-Version` header of the request, kept in its context for the tool spans under it. */
const PROTOCOL_VERSION = createContextKey('toolgate.mcp.protocol_version');

/**
 * Tracing on the OpenTelemetry SDK. Nothing is registered globally (no global tracer provider,
 * context manager or propagator): this instance is handed to what traces, so two gateways in one
 * process (tests) do not share or fight over one.
 */
export async function createOtelTracing(settings: TracingSettings, logger: () => Logger | undefined): Promise<Tracing> {
  const contexts = new AsyncLocalStorageContextManager();
  contexts.enable();
  const propagator = new W3CTraceContextPropagator();
  const exporter = reportingExporter(await exporterFor(settings), logger);
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ ...settings.resourceAttributes, 'service.name': settings.serviceName })),
    sampler: samplerFor(settings.sampler),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: settings.scheduleDelayMs })],
  });
  const tracer = provider.getTracer('toolgate');

  function startRequest(request: IncomingMessage, route: string): RequestTrace {
    const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
    // Attributes only for a span that records them: the SDK would check and copy them before
    // sampling, and drop them for an unsampled span (its largest cost there).
    const span = tracer.startSpan(`${request.method ?? 'GET'} ${route}`, { kind: SpanKind.SERVER }, parent);
    let context = trace.setSpan(parent, span);
    const version = request.headers['mcp-protocol-version'];
    if (typeof version === 'string') context = context.setValue(PROTOCOL_VERSION, version);
    // Unsampled, the span still carries the trace on (its context: log lines, traceparent to upstreams), but has nothing to end.
    if (!span.isRecording()) return { recording: false, run: (next) => contexts.with(context, next), end() {} };
    span.setAttributes(requestAttributes(request, route));
    return {
      recording: true,
      run: (next) => contexts.with(context, next),
      end(status, finished) {
        span.setAttribute('http.response.status_code', status);
        if (status >= 500) {
          span.setAttribute('error.type', String(status));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        if (!finished) span.setAttribute('toolgate.client_closed', true);
        span.end();
      },
    };
  }

  async function traceToolCall(call: ToolCallInfo, run: () => Promise<CallToolOutcome>): Promise<CallToolOutcome> {
    const ambient = contexts.active();
    const meta = typeof call.meta === 'object' && call.meta !== null ? (call.meta as Record<string, unknown>) : undefined;
    // MCP's conventions: the context in params._meta is the parent; the HTTP request's is linked.
    const fromMeta = typeof meta?.traceparent === 'string' ? propagator.extract(ROOT_CONTEXT, meta, defaultTextMapGetter) : undefined;
    const metaParent = fromMeta && trace.getSpanContext(fromMeta) ? fromMeta : undefined;
    const ambientSpan = trace.getSpan(ambient);
    // Under the request's unsampled span, every sampler samplerFor makes says no again (same
    // trace id, parent not sampled): no span to make, and the request's context carries the
    // trace on to the upstreams and the log lines.
    if (!metaParent && ambientSpan && !ambientSpan.isRecording()) return run();
    const ambientContext = ambientSpan?.spanContext();
    const links: Link[] = metaParent && ambientContext ? [{ context: ambientContext }] : [];
    const parent = metaParent ?? ambient;
    const span = tracer.startSpan(`${call.method} ${call.tool}`, { kind: SpanKind.SERVER, links }, parent);
    if (span.isRecording()) span.setAttributes(toolCallAttributes(call, ambient.getValue(PROTOCOL_VERSION) ?? meta?.[META_PROTOCOL_VERSION]));
    try {
      const outcome = await contexts.with(trace.setSpan(parent, span), run);
      span.setAttribute('toolgate.call.outcome', outcome.outcome);
      // The conventions' value for a result with isError: true, whatever made it one.
      if (outcome.outcome !== 'ok') {
        span.setAttribute('error.type', 'tool_error');
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      return outcome;
    } finally {
      span.end();
    }
  }

  async function traceClientCall<T>(
    name: string,
    attributes: Record<string, string | number | boolean>,
    run: (headers: Record<string, string>) => Promise<T>,
    errorTypeOf?: (value: T) => string | undefined,
  ): Promise<T> {
    const parent = contexts.active();
    const span = tracer.startSpan(name, { kind: SpanKind.CLIENT }, parent);
    if (span.isRecording()) span.setAttributes(attributes);
    const context = trace.setSpan(parent, span);
    const headers: Record<string, string> = {};
    propagator.inject(context, headers, defaultTextMapSetter);
    try {
      const value = await contexts.with(context, () => run(headers));
      const errorType = errorTypeOf?.(value);
      if (errorType) failed(span, errorType);
      return value;
    } catch (error) {
      failed(span, error instanceof Error ? error.name : '_OTHER');
      throw error;
    } finally {
      span.end();
    }
  }

  // A new object every time: pino merges the line's own fields into what the mixin returns.
  function logFields(): { trace_id?: string; span_id?: string } {
    const span = trace.getSpanContext(contexts.active());
    return span ? { trace_id: span.traceId, span_id: span.spanId } : {};
  }

  return {
    startRequest,
    traceToolCall,
    traceClientCall,
    upstreamObserver: upstreamSpans(tracer, contexts, propagator),
    logFields,
    async shutdown() {
      await provider.shutdown();
      contexts.disable();
    },
  };
}

function requestAttributes(request: IncomingMessage, route: string): Attributes {
  const attributes: Attributes = {
    'http.request.method': request.method ?? 'GET',
    'http.route': route,
    'url.path': (request.url ?? route).split('?', 1)[0],
    'url.scheme': 'http',
    'network.protocol.version': request.httpVersion,
  };
  if (request.socket.remoteAddress) attributes['client.address'] = request.socket.remoteAddress;
  const agent = request.headers['user-agent'];
  if (agent) attributes['user_agent.original'] = agent;
  return attributes;
}

function toolCallAttributes(call: ToolCallInfo, version: unknown): Attributes {
  const attributes: Attributes = {
    'mcp.method.name': call.method,
    'gen_ai.tool.name': call.tool,
    'gen_ai.operation.name': 'execute_tool',
    'network.transport': 'tcp',
    'network.protocol.name': 'http',
    'toolgate.pack': call.pack,
  };
  if (call.jsonRpcId !== null) attributes['jsonrpc.request.id'] = String(call.jsonRpcId);
  if (typeof version === 'string') attributes['mcp.protocol.version'] = version;
  return attributes;
}

function failed(span: { setAttribute(key: string, value: string): unknown; setStatus(status: { code: SpanStatusCode }): unknown }, errorType: string): void {
  span.setAttribute('error.type', errorType);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** Only the chosen exporter's module is loaded. */
async function exporterFor(settings: TracingSettings): Promise<SpanExporter> {
  if (settings.exporter === 'console') return new ConsoleSpanExporter();
  if (settings.protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter({ url: settings.url });
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter({ url: settings.url });
}

/**
 * The spec's built-in samplers. Each decides a child of an unsampled local span as it decided the
 * parent (parent-based: by the parent's flag; ratio: by the same trace id; always_on samples both),
 * which traceToolCall relies on to make no span under an unsampled request.
 */
function samplerFor({ name, ratio }: TracingSettings['sampler']): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}
