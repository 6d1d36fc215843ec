import { type HostileHttpServer, hostileStdioServer, startHostileHttpServer } from '@toolgate/test-support';
import { callTool, packStates, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

const refusal = { jsonrpc: '2.0', error: { code: -32000, message: 'the backend said no' } };

/**
 * A server's JSON-RPC error is the server's, whatever its code (issue 37, 9): -32000 is also the
 * SDK's code for a connection it saw close, and was read as one (the session dropped, the caller
 * told the server could not be reached).
 */
describe('a server that answers a call with JSON-RPC error -32000', () => {
  let server: HostileHttpServer;
  let gateway: FederatedGateway;

  beforeAll(async () => {
    server = await startHostileHttpServer({
      list: () => ({ tools: [{ name: 'fail', inputSchema: { type: 'object' } }] }),
      call: (request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...refusal, id: request.id })),
    });
    gateway = await startFederatedGateway({
      mcpServers: { http: { url: server.url }, stdio: { command: process.execPath, args: [hostileStdioServer('error-server')] } },
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.close();
  });

  it('over HTTP: a tool error in its words, and the session is kept', async () => {
    for (let count = 0; count < 3; count += 1) {
      const answer = await callTool(`${gateway.url}/http/mcp`, 'fail');
      expect(answer.result).toEqual({ content: [{ type: 'text', text: 'http: the server refused the call to fail: the backend said no' }], isError: true });
    }
    expect(server.counts.initialize).toBe(1);
    expect((await packStates(gateway.url))['http']).toEqual({ state: 'ready' });
  });

  it('over stdio: a tool error in its words, and the child is kept', async () => {
    const before = (await callTool(`${gateway.url}/stdio/mcp`, 'whoami')).result!.structuredContent.pid;
    const answer = await callTool(`${gateway.url}/stdio/mcp`, 'fail');
    expect(answer.result).toEqual({ content: [{ type: 'text', text: 'stdio: the server refused the call to fail: the backend said no' }], isError: true });
    expect((await callTool(`${gateway.url}/stdio/mcp`, 'whoami')).result!.structuredContent.pid).toBe(before);
    expect((await packStates(gateway.url))['stdio']).toEqual({ state: 'ready' });
    expect(gateway.logs()).not.toContain('lost the MCP server');
  });
});
