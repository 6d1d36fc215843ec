import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { fixture, startStateless, type ChildServer } from './support/child-server.ts';
import { callTool, rpc, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

const names = (tools: { name: string }[]) => tools.map((tool) => tool.name);

/** Remote packs at the combined endpoint `/mcp`: an HTTP server and a stdio server whose tools change. */
describe('remote packs at /mcp', () => {
  let server: ChildServer;
  let gateway: FederatedGateway;
  let combined: string;

  beforeAll(async () => {
    server = await startStateless();
    gateway = await startFederatedGateway({
      mcpServers: {
        calc: { type: 'http', url: server.url },
        // Its tools change by design: followed, not held back (docs/federation.md#tool-pinning).
        growing: { command: process.execPath, args: [fixture('growing-server.ts')], toolChanges: 'follow' },
      },
    });
    combined = `${gateway.url}/mcp`;
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.kill();
  });

  it('lists and calls a remote server\'s tools as <pack>_<tool>, results as the pack\'s own URL gives them', async () => {
    expect(names((await rpc(combined, 'tools/list')).result!.tools)).toEqual(expect.arrayContaining(['calc_add', 'calc_refuse', 'calc_sleep', 'growing_grow']));
    const through = await callTool(combined, 'calc_add', { a: 2, b: 40 });
    expect(through.result).toEqual((await callTool(`${gateway.url}/calc/mcp`, 'add', { a: 2, b: 40 })).result);
    expect(through.result).toEqual({ content: [{ type: 'text', text: '42' }], structuredContent: { sum: 42 } });
    expect((await callTool(combined, 'calc_refuse')).result).toEqual({ content: [{ type: 'text', text: 'no, and here is why' }], isError: true });
  });

  it('follows a server\'s tools/list_changed: the new tool is listed and callable at /mcp', async () => {
    expect((await callTool(combined, 'growing_grow')).result!.content).toEqual([{ type: 'text', text: 'added grown_1' }]);
    let listed: string[] = [];
    // Until the re-list lands, however long a loaded machine takes: the test's timeout is the only bound.
    while (!listed.includes('growing_grown_1')) {
      listed = names((await rpc(combined, 'tools/list')).result!.tools);
      if (!listed.includes('growing_grown_1')) await sleep(100);
    }
    expect((await callTool(combined, 'growing_grown_1')).result!.content).toEqual([{ type: 'text', text: 'grown_1 answers' }]);
  }, 120_000);

  it('the SDK client sees both remote packs at one URL', async () => {
    const client = new Client({ name: 'one-url-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(combined)));
    try {
      expect(client.getServerVersion()?.name).toBe('toolgate');
      expect(names((await client.listTools()).tools)).toEqual(expect.arrayContaining(['calc_add', 'growing_grow']));
      expect((await client.callTool({ name: 'calc_add', arguments: { a: 1, b: 2 } })).structuredContent).toEqual({ sum: 3 });
    } finally {
      await client.close();
    }
  });
});
