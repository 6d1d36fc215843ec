import { endlessEvent, type HostileHttpServer, startHostileHttpServer, until } from '@toolgate/test-support';
import { callTool, packStates, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

const MB = 1024 * 1024;

/**
 * A call answered by an event stream of 200 MB that never ends its event (issue 37, 5): read no
 * further than MCP_MAX_ANSWER_BYTES, the call a tool error, the session kept.
 */
describe('an endless SSE answer', () => {
  let server: HostileHttpServer;
  let gateway: FederatedGateway;
  const written: number[] = [];

  beforeAll(async () => {
    server = await startHostileHttpServer({
      list: () => ({ tools: [{ name: 'endless', inputSchema: { type: 'object' } }] }),
      call: (_request, response) => void endlessEvent(response, 200 * MB).then((bytes) => written.push(bytes)),
    });
    gateway = await startFederatedGateway({ mcpServers: { endless: { url: server.url } } }, { MCP_MAX_ANSWER_BYTES: String(4 * MB) }, { builtIn: true });
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.close();
  });

  it('is cut at the bound: a tool error saying so, the server stopped long before 200 MB, the session kept', async () => {
    const answer = await callTool(`${gateway.url}/endless/mcp`, 'endless');
    expect(answer.result).toEqual({
      content: [{ type: 'text', text: 'endless: the answer to endless was refused: the answer is larger than 4194304 bytes (MCP_MAX_ANSWER_BYTES).' }],
      isError: true,
    });
    await until(() => written.length === 1);
    // What the socket buffers on both sides may pass the bound; the rest of the 200 MB is never sent.
    expect(written[0]!).toBeLessThan(40 * MB);
    expect(server.counts.initialize).toBe(1);
    expect((await packStates(gateway.url))['endless']).toEqual({ state: 'ready' });
    expect((await callTool(`${gateway.url}/local/mcp`, 'hello')).result!.structuredContent).toEqual({ greeting: 'hello' });
  });
});
