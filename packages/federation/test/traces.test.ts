import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { startTracing, tracingSettingsOf } from '@toolgate/core/server';
import { startOtlpReceiver, until, type OtlpReceiver } from '@toolgate/test-support';
import { z } from 'zod';
import { startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const [SERVER, CLIENT] = [2, 3];

interface Received {
  method: string;
  traceparent: string | undefined;
  meta: Record<string, unknown> | undefined;
}

/** A real MCP server (the SDK v2's stateless handler) that notes the trace context each message came with. */
async function startRecordingServer(): Promise<{ url: string; received: Received[]; server: Server }> {
  const build = () => {
    const server = new McpServer({ name: 'recording-fixture', version: '1.0.0' });
    server.registerTool('add', { description: 'Adds two numbers.', inputSchema: z.object({ a: z.number(), b: z.number() }) }, async ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    }));
    return server;
  };
  const handle = toNodeHandler(createMcpHandler(build));
  const received: Received[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { method?: string; params?: { _meta?: Record<string, unknown> } }) : undefined;
    const traceparent = request.headers.traceparent;
    received.push({ method: body?.method ?? request.method ?? '', traceparent: typeof traceparent === 'string' ? traceparent : undefined, meta: body?.params?._meta });
    await handle(request, response, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, received, server };
}

describe('traces through a remote pack', () => {
  let receiver: OtlpReceiver;
  let remote: Awaited<ReturnType<typeof startRecordingServer>>;
  let gateway: FederatedGateway;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    remote = await startRecordingServer();
    const settings = tracingSettingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '20' }, 'toolgate-test')!;
    gateway = await startFederatedGateway({ mcpServers: { calc: { type: 'http', url: remote.url } } }, {}, { tracing: await startTracing(settings, () => undefined) });
  });
  afterAll(async () => {
    await gateway?.close();
    await new Promise((resolve) => remote?.server.close(resolve));
    await receiver?.close();
  });

  it('sends the call to the server under a CLIENT span, its traceparent in the HTTP header and in params._meta', async () => {
    const response = await fetch(`${gateway.url}/calc/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } }),
    });
    expect(((await response.json()) as { result: { content: unknown } }).result.content).toEqual([{ type: 'text', text: '5' }]);

    const named = (name: string, kind: number) => receiver.spans().find((span) => span.name === name && span.kind === kind);
    await until(() => Boolean(named('tools/call add', CLIENT) && named('POST /calc/mcp', SERVER)));
    const request = named('POST /calc/mcp', SERVER)!;
    const tool = named('tools/call add', SERVER)!;
    const client = named('tools/call add', CLIENT)!;
    expect(request).toMatchObject({ traceId: CALLER_TRACE, parentSpanId: CALLER_SPAN });
    expect(tool).toMatchObject({ traceId: CALLER_TRACE, parentSpanId: request.spanId });
    expect(client).toMatchObject({ traceId: CALLER_TRACE, parentSpanId: tool.spanId });
    expect(client.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'add',
      'gen_ai.operation.name': 'execute_tool',
      'network.transport': 'tcp',
      'server.address': '127.0.0.1',
    });

    const call = remote.received.find((message) => message.method === 'tools/call')!;
    const expected = `00-${CALLER_TRACE}-${client.spanId}-01`;
    expect(call.traceparent).toBe(expected);
    expect(call.meta).toEqual({ traceparent: expected });
  });
});
