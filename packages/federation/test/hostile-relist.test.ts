import { type HostileHttpServer, startHostileHttpServer, tool, until } from '@toolgate/test-support';
import { callTool, rpc, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

const event = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;
const LIST_CHANGED = event({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });

/**
 * A server that sends `notifications/tools/list_changed` 2,000 times at once on its stream (issue
 * 37, 3): the gateway lists its tools again once, with one more waiting, and logs it once.
 */
describe('a storm of tools/list_changed', () => {
  let server: HostileHttpServer;
  let gateway: FederatedGateway;

  beforeAll(async () => {
    server = await startHostileHttpServer({ list: (_request, count) => ({ tools: [tool(`listed_${count}`)] }), stream: () => undefined });
    // An interval longer than the test: the waiting list never starts, so what is counted does
    // not depend on how fast this machine delivers the storm.
    gateway = await startFederatedGateway({ mcpServers: { storm: { url: server.url } } }, { MCP_RELIST_INTERVAL_MS: '600000', MCP_TOOL_CHANGES: 'follow' }, { builtIn: true });
    await until(() => server.streams.length > 0);
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.close();
  });

  it('2,000 notifications: one list, one waiting, one log line; the other packs serve throughout', async () => {
    expect(server.counts.list).toBe(1);
    server.streams[0]!.write(LIST_CHANGED.repeat(2_000));
    // A ping after the storm: the client answers it only once every event before it is handled.
    server.streams[0]!.write(event({ jsonrpc: '2.0', id: 'after-the-storm', method: 'ping' }));
    expect((await callTool(`${gateway.url}/local/mcp`, 'hello')).result!.structuredContent).toEqual({ greeting: 'hello' });
    await until(() => server.answered.includes('after-the-storm') && server.counts.list === 2);
    const tools = (await rpc(`${gateway.url}/storm/mcp`, 'tools/list')).result!.tools as { name: string }[];
    expect(tools.map(({ name }) => name)).toEqual(['listed_2']);
    expect(server.counts.list).toBe(2);
    const lines = gateway.logs().split('\n').filter((line) => line.includes('"pack":"storm"') && line.includes('tools changed'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"msg":"the server says its tools changed; listing them again"');
  });
});
