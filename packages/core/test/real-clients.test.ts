import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { createLogger, serve, type Guard, type RunningServer } from '../src/index.ts';
import { createEchoApp } from './echo-pack.ts';

/** What each HTTP request told the server about its dialect. */
interface Seen {
  version: string | undefined;
  method: string | undefined;
}

describe('real MCP clients over HTTP against a running gateway', () => {
  let running: RunningServer;
  let endpoint: URL;
  const seen: Seen[] = [];

  beforeAll(async () => {
    const recordDialect: Guard = (request) => {
      const header = (name: string) => request.headers[name] as string | undefined;
      seen.push({ version: header('mcp-protocol-version'), method: header('mcp-method') });
      return undefined;
    };
    const app = createEchoApp({ guards: [recordDialect] });
    running = await serve(app, { port: 0, host: '127.0.0.1', logger: createLogger({ level: 'silent' }) });
    endpoint = new URL(`${running.url}/echo/mcp`);
  });
  afterAll(() => running.close());
  beforeEach(() => {
    seen.length = 0;
  });

  const expectEchoTools = (tools: { name: string; outputSchema?: unknown; annotations?: { readOnlyHint?: boolean } }[]) => {
    expect(tools.map(({ name }) => name)).toEqual(['echo', 'sum']);
    expect(tools[0]!.outputSchema).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } });
    expect(tools[0]!.annotations?.readOnlyHint).toBe(true);
  };

  it('the v1 client of @modelcontextprotocol/sdk initializes, lists and calls (2025-era)', async () => {
    const client = new ClientV1({ name: 'v1-client', version: '1.0.0' });
    await client.connect(new TransportV1(endpoint));
    try {
      expect(client.getServerVersion()).toEqual({ name: 'toolgate-echo', version: '1.0.0' });
      expectEchoTools((await client.listTools()).tools);
      const result = await client.callTool({ name: 'sum', arguments: { numbers: [1, 2, 3.5] } });
      expect(result.structuredContent).toEqual({ sum: 6.5, count: 3 });
      const failed = await client.callTool({ name: 'echo', arguments: { text: 'fail' } });
      expect(failed).toMatchObject({ isError: true, content: [{ type: 'text', text: 'asked to fail' }] });
    } finally {
      await client.close();
    }
    expect(seen.some(({ version }) => version === '2025-11-25')).toBe(true);
    expect(seen.every(({ method }) => method === undefined)).toBe(true);
  });

  it('the v2 client of @modelcontextprotocol/client in its default (legacy) negotiation', async () => {
    const client = new ClientV2({ name: 'v2-legacy', version: '2.0.0' });
    await client.connect(new TransportV2(endpoint));
    try {
      expect(client.getProtocolEra()).toBe('legacy');
      expectEchoTools((await client.listTools()).tools);
      const result = await client.callTool({ name: 'echo', arguments: { text: 'legacy' } });
      expect(result.structuredContent).toEqual({ text: 'legacy', length: 6 });
    } finally {
      await client.close();
    }
    expect(seen.every(({ method }) => method === undefined)).toBe(true);
  });

  it('the v2 client pinned to 2026-07-28 discovers, lists and calls with the envelope and headers', async () => {
    const client = new ClientV2({ name: 'v2-modern', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new TransportV2(endpoint));
    try {
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expectEchoTools((await client.listTools()).tools);
      const result = await client.callTool({ name: 'echo', arguments: { text: 'modern' } });
      expect(result.structuredContent).toEqual({ text: 'modern', length: 6 });
      const invalid = await client.callTool({ name: 'echo', arguments: { text: 7 } });
      expect(invalid.isError).toBe(true);
    } finally {
      await client.close();
    }
    expect(seen.map(({ method }) => method)).toEqual(expect.arrayContaining(['server/discover', 'tools/list', 'tools/call']));
    expect(seen.every(({ version }) => version === '2026-07-28')).toBe(true);
  });

  it("the v2 client in 'auto' negotiation picks 2026-07-28 from server/discover", async () => {
    const client = new ClientV2({ name: 'v2-auto', version: '2.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new TransportV2(endpoint));
    try {
      expect(client.getProtocolEra()).toBe('modern');
      const result = await client.callTool({ name: 'sum', arguments: { numbers: [2, 2] } });
      expect(result.structuredContent).toEqual({ sum: 4, count: 2 });
    } finally {
      await client.close();
    }
  });
});
