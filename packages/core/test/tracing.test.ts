import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startOtlpReceiver, until, type OtlpReceiver, type ReceivedSpan } from '@toolgate/test-support';
import { ConfigError, createApp, createLogger, createMetrics, startServer, type RunningServer } from '../src/index.ts';
import { startTracing } from '../src/observability/start-tracing.ts';
import { tracingSettingsOf } from '../src/observability/tracing-config.ts';
import { serve } from '../src/serve.ts';
import { echoPack } from './echo-pack.ts';
import { echoModule } from './support/echo-module.ts';

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const SERVER = 2;

const callBody = (text: string, meta?: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text }, ...(meta ? { _meta: meta } : {}) } });

function post(url: string, body: string, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

const tracedEnv = (receiver: OtlpReceiver, extra: Record<string, string> = {}) => ({
  PORT: '0',
  LOG_LEVEL: 'silent',
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  OTEL_BSP_SCHEDULE_DELAY: '20',
  ...extra,
});

describe('OpenTelemetry settings: only the standard OTEL_* variables', () => {
  it('is off unless an exporter or an endpoint is configured', () => {
    expect(tracingSettingsOf({}, 'toolgate-test')).toBeUndefined();
    expect(tracingSettingsOf({ OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'always_on' }, 'toolgate-test')).toBeUndefined();
    expect(tracingSettingsOf({ OTEL_TRACES_EXPORTER: 'otlp' }, 'toolgate-test')?.url).toBe('http://localhost:4318/v1/traces');
  });

  it('is off when OTEL_SDK_DISABLED=true or the exporter is none, whatever else is set', () => {
    expect(tracingSettingsOf({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 't')).toBeUndefined();
    expect(tracingSettingsOf({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 't')).toBeUndefined();
  });

  it('appends v1/traces to the base endpoint and takes the traces endpoint as it is', () => {
    expect(tracingSettingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }, 't')).toMatchObject({
      url: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
      serviceName: 't',
    });
    const settings = tracingSettingsOf(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9999/custom',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=staging,team=a%2Cb',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      },
      't',
    );
    expect(settings).toMatchObject({
      url: 'http://traces:9999/custom',
      protocol: 'http/json',
      resourceAttributes: { 'deployment.environment': 'staging', team: 'a,b' },
      sampler: { name: 'parentbased_traceidratio', ratio: 0.25 },
    });
  });

  it('refuses grpc, unknown exporters and samplers, and bad resource attributes, naming each variable', () => {
    const read = () =>
      tracingSettingsOf(
        {
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317',
          OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
          OTEL_TRACES_EXPORTER: 'zipkin',
          OTEL_TRACES_SAMPLER: 'xray',
          OTEL_RESOURCE_ATTRIBUTES: 'novalue',
        },
        't',
      );
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL: grpc is not supported/);
    expect(read).toThrow(/OTEL_TRACES_EXPORTER: one of otlp, console, none/);
    expect(read).toThrow(/OTEL_TRACES_SAMPLER: one of/);
    expect(read).toThrow(/OTEL_RESOURCE_ATTRIBUTES: "novalue" is not key=value/);
  });

  it('makes a bad setting a start error of the process', async () => {
    const start = startServer({ service: 'test', modules: [echoModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317' } });
    await expect(start).rejects.toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL: grpc is not supported by toolgate/);
  });
});

describe('traces of MCP requests, exported over OTLP/HTTP', () => {
  let receiver: OtlpReceiver;
  let server: RunningServer | undefined;
  beforeEach(async () => {
    receiver = await startOtlpReceiver();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await receiver.close();
  });

  const spanNamed = (name: string) => receiver.spans().find((span) => span.name === name);
  async function spansOf(names: string[]): Promise<ReceivedSpan[]> {
    await until(() => names.every((name) => spanNamed(name)));
    return names.map((name) => spanNamed(name)!);
  }

  /** The echo pack served (as `server`) with tracing from `env`; its JSON log lines are kept in `lines`. */
  async function serveLogged(env: Record<string, string>) {
    const lines: string[] = [];
    const destination = { write: (chunk: string) => lines.push(chunk) } as unknown as NodeJS.WritableStream;
    const tracing = await startTracing(tracingSettingsOf(env, 'toolgate-test')!, () => undefined);
    const logger = createLogger({ level: 'info', destination, traceFields: tracing.logFields });
    const app = createApp({ packs: [{ pack: echoPack, segment: 'echo' }], logger, metrics: createMetrics({ collectProcessMetrics: false }), tracing });
    server = await serve(app, { port: 0, host: '127.0.0.1', logger, onClose: () => tracing.shutdown() });
    return { lines, logger, url: server.url };
  }

  it('continues the caller’s traceparent in a SERVER span, with a tools/call span under it', async () => {
    server = await startServer({
      service: 'test',
      modules: [echoModule],
      defaultPort: 0,
      env: tracedEnv(receiver, { OTEL_SERVICE_NAME: 'gateway-under-test', OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=test' }),
    });
    const response = await post(`${server.url}/echo/mcp`, callBody('hi'), {
      traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`,
      tracestate: 'vendor=opaque',
      'mcp-protocol-version': '2025-06-18',
    });
    expect(response.status).toBe(200);

    const [request, tool] = await spansOf(['POST /echo/mcp', 'tools/call echo']);
    expect(request).toMatchObject({ traceId: CALLER_TRACE, parentSpanId: CALLER_SPAN, kind: SERVER });
    expect(request!.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/echo/mcp', 'http.response.status_code': 200 });
    expect(tool).toMatchObject({ traceId: CALLER_TRACE, parentSpanId: request!.spanId, kind: SERVER });
    expect(tool!.attributes).toEqual(
      expect.objectContaining({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'echo',
        'gen_ai.operation.name': 'execute_tool',
        'jsonrpc.request.id': '7',
        'mcp.protocol.version': '2025-06-18',
        'toolgate.pack': 'echo',
      }),
    );
    expect(tool!.attributes['error.type']).toBeUndefined();
    expect(tool!.resource).toMatchObject({ 'service.name': 'gateway-under-test', 'deployment.environment': 'test' });
  });

  it('marks a tool error with error.type tool_error and an error status', async () => {
    server = await startServer({ service: 'test', modules: [echoModule], defaultPort: 0, env: tracedEnv(receiver) });
    await post(`${server.url}/echo/mcp`, callBody('fail'));
    const [tool] = await spansOf(['tools/call echo']);
    expect(tool!.attributes['error.type']).toBe('tool_error');
    expect(tool!.status.code).toBe(2);
    // No traceparent: a new trace, rooted at the request.
    const [request] = await spansOf(['POST /echo/mcp']);
    expect(request!.parentSpanId).toBe('');
    expect(tool!.traceId).toBe(request!.traceId);
  });

  it('takes a traceparent in params._meta as the tool span’s parent and links the HTTP request', async () => {
    server = await startServer({ service: 'test', modules: [echoModule], defaultPort: 0, env: tracedEnv(receiver) });
    const metaTrace = 'aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb';
    await post(`${server.url}/echo/mcp`, callBody('hi', { traceparent: `00-${metaTrace}-cccccccccccccccc-01` }), {
      traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`,
    });
    const [request, tool] = await spansOf(['POST /echo/mcp', 'tools/call echo']);
    expect(tool).toMatchObject({ traceId: metaTrace, parentSpanId: 'cccccccccccccccc' });
    expect(tool!.links).toEqual([{ traceId: CALLER_TRACE, spanId: request!.spanId }]);
  });

  it('exports http/protobuf by default (the spec’s default protocol)', async () => {
    server = await startServer({
      service: 'test',
      modules: [echoModule],
      defaultPort: 0,
      env: { ...tracedEnv(receiver), OTEL_EXPORTER_OTLP_PROTOCOL: '' },
    });
    await post(`${server.url}/echo/mcp`, callBody('hi'), { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` });
    await until(() => receiver.exports().some((exported) => exported.body.includes(Buffer.from('tools/call echo'))));
    const exported = receiver.exports().find((candidate) => candidate.body.includes(Buffer.from('tools/call echo')))!;
    expect(exported.path).toBe('/v1/traces');
    expect(exported.contentType).toBe('application/x-protobuf');
    // Protobuf carries ids as raw bytes: the caller's trace id and parent span id are in there.
    expect(exported.body.includes(Buffer.from(CALLER_TRACE, 'hex'))).toBe(true);
    expect(exported.body.includes(Buffer.from(CALLER_SPAN, 'hex'))).toBe(true);
  });

  it('puts trace_id and span_id on the JSON log lines written inside a span', async () => {
    const { lines, logger, url } = await serveLogged(tracedEnv(receiver));
    // Twice, with fields of its own: pino merges them into what the mixin returns.
    logger.info({ pack: 'echo' }, 'outside any request');
    logger.info({ other: true }, 'outside any request');

    await post(`${url}/echo/mcp`, callBody('crash'), { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` });
    const [tool] = await spansOf(['tools/call echo']);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = records.find((record) => record.msg === 'tool handler failed');
    expect(failure).toMatchObject({ trace_id: CALLER_TRACE, span_id: tool!.spanId });
    const outside = records.filter((record) => record.msg === 'outside any request');
    expect(outside).toHaveLength(2);
    expect(outside[0]).not.toHaveProperty('trace_id');
    expect(outside[1]).not.toHaveProperty('pack');
  });

  describe('unsampled (OTEL_TRACES_SAMPLER=parentbased_traceidratio, ratio 0): nothing recorded, the trace carried on', () => {
    const unsampled = { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' };

    it('puts the caller’s trace_id on the log lines written while a call is served, though nothing is recorded', async () => {
      const { lines, url } = await serveLogged({ ...tracedEnv(receiver), ...unsampled });
      await post(`${url}/echo/mcp`, callBody('crash'), { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-00` });
      const failure = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((record) => record.msg === 'tool handler failed');
      expect(failure).toMatchObject({ trace_id: CALLER_TRACE, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
      expect(failure!.span_id).not.toBe(CALLER_SPAN);
    });

    it('still records the tool span when the call’s params._meta carries a sampled traceparent, linked to the request', async () => {
      server = await startServer({ service: 'test', modules: [echoModule], defaultPort: 0, env: { ...tracedEnv(receiver), ...unsampled } });
      const metaTrace = 'aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb';
      await post(`${server.url}/echo/mcp`, callBody('hi', { traceparent: `00-${metaTrace}-cccccccccccccccc-01` }), { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-00` });
      await until(() => receiver.spans().some((span) => span.name === 'tools/call echo'));
      const tool = receiver.spans().find((span) => span.name === 'tools/call echo')!;
      expect(tool).toMatchObject({ traceId: metaTrace, parentSpanId: 'cccccccccccccccc' });
      expect(tool.attributes).toMatchObject({ 'gen_ai.tool.name': 'echo', 'toolgate.pack': 'echo', 'jsonrpc.request.id': '7' });
      expect(tool.links).toEqual([{ traceId: CALLER_TRACE, spanId: expect.stringMatching(/^[0-9a-f]{16}$/) }]);
      // The request's own span was not sampled: it is not exported.
      expect(receiver.spans().filter((span) => span.name === 'POST /echo/mcp')).toEqual([]);
    });
  });
});

describe('tracing off', () => {
  const probe = fileURLToPath(new URL('./support/opentelemetry-probe.ts', import.meta.url));
  const run = async (env: Record<string, string>) => {
    const { stdout } = await promisify(execFile)(process.execPath, [probe], { env: { ...process.env, ...env }, timeout: 45_000 });
    return JSON.parse(stdout) as { status: number; loaded: string[] };
  };

  // prom-client imports @opentelemetry/api itself (for exemplars), tracing or not: the SDK is what counts.
  const sdk = (loaded: string[]) => loaded.filter((name) => name !== '@opentelemetry/api');

  it('never loads the OpenTelemetry SDK: a served call imports none of its packages', async () => {
    const off = await run({});
    expect(off.status).toBe(200);
    expect(sdk(off.loaded)).toEqual([]);
    // The probe sees them when tracing is on, so the empty list above means something.
    const on = await run({ OTEL_TRACES_EXPORTER: 'console', OTEL_TRACES_SAMPLER: 'always_off' });
    expect(on.status).toBe(200);
    expect(sdk(on.loaded)).toEqual(expect.arrayContaining(['@opentelemetry/sdk-trace', '@opentelemetry/context-async-hooks']));
  }, 90_000);
});
