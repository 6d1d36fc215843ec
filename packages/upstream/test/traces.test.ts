import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { definePack, definePackModule, defineTool, startServer, type RunningServer } from '@toolgate/core/server';
import { startOtlpReceiver, until, type OtlpReceiver, type ReceivedSpan } from '@toolgate/test-support';
import { z } from 'zod';
import { createMemoryCache, createUpstreamClient } from '../src/index.ts';

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const [SERVER, CLIENT] = [2, 3];

/** The upstream API's stand-in: answers `{ "value": <id> }`, and 503 the first time it is asked for `flaky`. */
async function startStandIn(): Promise<{ url: string; traceparents: string[]; server: Server }> {
  const traceparents: string[] = [];
  let flakyFailed = false;
  const server = createServer((request, response) => {
    traceparents.push(String(request.headers.traceparent));
    const id = new URL(request.url ?? '/', 'http://stand-in').searchParams.get('id') ?? '';
    if (id === 'flaky' && !flakyFailed) {
      flakyFailed = true;
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"try again"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value: id }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, traceparents, server };
}

/** A pack as real packs are built: its upstream client gets the process's observer through PackDependencies. */
const lookupModule = (baseUrl: string) =>
  definePackModule({
    name: 'lookup',
    defaultPort: 0,
    envSchema: z.object({}),
    create(_config, { upstreamObserver }) {
      const upstream = createUpstreamClient({
        name: 'Stand-in',
        baseUrl,
        timeoutMs: 2_000,
        cache: createMemoryCache(),
        retry: { retries: 2, initialDelayMs: 1, maxDelayMs: 5 },
        ...(upstreamObserver ? { observer: upstreamObserver } : {}),
      });
      const pack = definePack({
        name: 'lookup',
        version: '1.0.0',
        tools: [
          defineTool({
            name: 'lookup',
            title: 'Lookup',
            description: 'Reads one value from the upstream.',
            inputSchema: z.object({ id: z.string() }),
            outputSchema: z.object({ value: z.string() }),
            async handler({ id }) {
              return upstream.get({ path: 'values', params: { id }, schema: z.object({ value: z.string() }), ttlMs: 60_000, operation: 'values' });
            },
          }),
        ],
      });
      return { pack };
    },
  });

interface TracedLookup {
  receiver: OtlpReceiver;
  standIn: Awaited<ReturnType<typeof startStandIn>>;
  gateway: RunningServer;
}

/** A collector stand-in, the upstream's, and a gateway serving the lookup pack that traces to the first. */
async function startTracedLookup(sampling: Record<string, string> = {}): Promise<TracedLookup> {
  const receiver = await startOtlpReceiver();
  const standIn = await startStandIn();
  const gateway = await startServer({
    service: 'test',
    modules: [lookupModule(standIn.url)],
    defaultPort: 0,
    env: { PORT: '0', LOG_LEVEL: 'silent', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '20', ...sampling },
  });
  return { receiver, standIn, gateway };
}

async function stopTracedLookup({ receiver, standIn, gateway }: Partial<TracedLookup>): Promise<void> {
  await gateway?.close();
  if (standIn) await new Promise((resolve) => standIn.server.close(resolve));
  await receiver?.close();
}

describe('one tool call’s whole trace: the caller, the gateway, the upstream', () => {
  let receiver: OtlpReceiver;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let gateway: RunningServer;

  beforeAll(async () => {
    ({ receiver, standIn, gateway } = await startTracedLookup());
  });
  afterAll(() => stopTracedLookup({ receiver, standIn, gateway }));

  const call = (id: string, span: string) =>
    fetch(`${gateway.url}/lookup/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${CALLER_TRACE}-${span}-01` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'lookup', arguments: { id } } }),
    }).then(async (response) => (await response.json()) as { result: { structuredContent?: unknown; isError?: boolean } });

  /** The spans of the trace whose request span's parent is `callerSpan`. */
  async function traceOf(callerSpan: string, expected: number): Promise<{ request: ReceivedSpan; tool: ReceivedSpan; upstream: ReceivedSpan[] }> {
    const find = () => {
      const request = receiver.spans().find((span) => span.parentSpanId === callerSpan && span.kind === SERVER);
      const tool = request && receiver.spans().find((span) => span.parentSpanId === request.spanId);
      const upstream = tool ? receiver.spans().filter((span) => span.parentSpanId === tool.spanId && span.kind === CLIENT) : [];
      return { request, tool, upstream };
    };
    await until(() => {
      const found = find();
      return Boolean(found.tool) && found.upstream.length >= expected;
    });
    return find() as { request: ReceivedSpan; tool: ReceivedSpan; upstream: ReceivedSpan[] };
  }

  it('parents the upstream request on the tool span and sends the upstream that span as its traceparent', async () => {
    expect((await call('a', '1111111111111111')).result.structuredContent).toEqual({ value: 'a' });
    const { request, tool, upstream } = await traceOf('1111111111111111', 1);
    expect(request.traceId).toBe(CALLER_TRACE);
    expect(tool).toMatchObject({ name: 'tools/call lookup', traceId: CALLER_TRACE });
    expect(tool.attributes).toMatchObject({ 'gen_ai.tool.name': 'lookup', 'gen_ai.operation.name': 'execute_tool', 'mcp.method.name': 'tools/call' });
    expect(upstream).toHaveLength(1);
    expect(upstream[0]).toMatchObject({ name: 'GET values', traceId: CALLER_TRACE });
    expect(upstream[0]!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'server.address': '127.0.0.1',
      'toolgate.upstream.name': 'Stand-in',
      'toolgate.upstream.outcome': 'success',
      'toolgate.cache.result': 'miss',
      'toolgate.breaker.state': 'closed',
    });
    expect(upstream[0]!.attributes['url.full']).toContain('/values?id=a');
    expect(standIn.traceparents).toContain(`00-${CALLER_TRACE}-${upstream[0]!.spanId}-01`);
  });

  it('answers a repeated call from the cache: no upstream span, the hit is an event on the tool span', async () => {
    const sent = standIn.traceparents.length;
    expect((await call('a', '2222222222222222')).result.structuredContent).toEqual({ value: 'a' });
    const { tool, upstream } = await traceOf('2222222222222222', 0);
    expect(upstream).toEqual([]);
    expect(standIn.traceparents).toHaveLength(sent);
    expect(tool.events).toEqual([{ name: 'cache lookup', attributes: { 'toolgate.cache.name': 'Stand-in', 'toolgate.cache.result': 'hit' } }]);
  });

  it('makes one span per attempt: a retried request shows the failed attempt and the resend', async () => {
    expect((await call('flaky', '3333333333333333')).result.structuredContent).toEqual({ value: 'flaky' });
    const { upstream } = await traceOf('3333333333333333', 2);
    const [first, second] = [...upstream].sort((a, b) => Number(a.attributes['http.request.resend_count'] ?? 0) - Number(b.attributes['http.request.resend_count'] ?? 0));
    expect(first!.attributes).toMatchObject({ 'http.response.status_code': 503, 'error.type': '503', 'toolgate.upstream.outcome': 'server_error' });
    expect(first!.status.code).toBe(2);
    expect(second!.attributes).toMatchObject({ 'http.request.resend_count': 1, 'http.response.status_code': 200, 'toolgate.upstream.outcome': 'success' });
    // Each attempt told the upstream its own span.
    expect(standIn.traceparents).toEqual(expect.arrayContaining(upstream.map((span) => `00-${CALLER_TRACE}-${span.spanId}-01`)));
  });
});

describe('an unsampled call (OTEL_TRACES_SAMPLER=parentbased_traceidratio, ratio 0): nothing recorded, the trace still carried on', () => {
  let receiver: OtlpReceiver;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let gateway: RunningServer;

  beforeAll(async () => {
    ({ receiver, standIn, gateway } = await startTracedLookup({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' }));
  });
  afterAll(() => stopTracedLookup({ receiver, standIn, gateway }));

  const call = (id: string, headers: Record<string, string>) =>
    fetch(`${gateway.url}/lookup/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'lookup', arguments: { id } } }),
    }).then(async (response) => (await response.json()) as { result: { structuredContent?: unknown } });

  it('sends the upstream the caller’s trace id with a span id of its own and the sampled flag off, and exports nothing', async () => {
    expect((await call('u1', { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-00` })).result.structuredContent).toEqual({ value: 'u1' });
    const sent = standIn.traceparents.at(-1)!;
    expect(sent).toMatch(new RegExp(`^00-${CALLER_TRACE}-[0-9a-f]{16}-00$`));
    expect(sent).not.toContain(CALLER_SPAN);
    // Without a traceparent: a new trace of its own, unsampled (the ratio is 0).
    expect((await call('u2', {})).result.structuredContent).toEqual({ value: 'u2' });
    const [, traceId, spanId, flags] = standIn.traceparents.at(-1)!.split('-');
    expect([traceId, spanId, flags]).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), expect.stringMatching(/^[0-9a-f]{16}$/), '00']);
    expect(traceId).not.toBe('0'.repeat(32));
    expect(traceId).not.toBe(CALLER_TRACE);
    // A caller that samples is followed (parent-based): its trace arrives, and it is the only one.
    await call('s1', { traceparent: `00-${CALLER_TRACE.replace('4', '5')}-${CALLER_SPAN}-01` });
    await until(() => receiver.spans().some((span) => span.kind === CLIENT));
    expect(new Set(receiver.spans().map((span) => span.traceId))).toEqual(new Set([CALLER_TRACE.replace('4', '5')]));
    expect(standIn.traceparents.at(-1)).toMatch(/-01$/);
  });
});
