import { setTimeout as sleep } from 'node:timers/promises';
import { RELAYED_CLIENT_CAPABILITIES } from '../src/forwarding/client-routing.ts';
import { startEverything, type ChildServer } from './support/child-server.ts';
import { connectDirect } from './support/direct-client.ts';
import { callTool, packStates, rpc, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

const TOKEN = 'federation-secret-token-7d1f';
const MODERN = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'echo' };
const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** server-everything (npm) over Streamable HTTP with sessions, fronted as the pack `everything`. */
describe('a remote pack: server-everything over Streamable HTTP, with sessions', () => {
  let server: ChildServer;
  let gateway: FederatedGateway;
  let pack: string;

  beforeAll(async () => {
    server = await startEverything();
    gateway = await startFederatedGateway(
      { mcpServers: { everything: { url: server.url, headers: { Authorization: 'Bearer ${EVERYTHING_TOKEN}' } } } },
      { EVERYTHING_TOKEN: TOKEN },
    );
    pack = `${gateway.url}/everything/mcp`;
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.kill();
  });

  it('lists the tools exactly as the server lists them to a client declaring what toolgate relays', async () => {
    const direct = await connectDirect(server.url, RELAYED_CLIENT_CAPABILITIES);
    try {
      const listed = await rpc(pack, 'tools/list');
      expect(listed.result!.tools).toEqual(await direct.listTools());
      expect(listed.result!.tools.map((tool: { name: string }) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-structured-content', 'get-tiny-image']));
    } finally {
      await direct.close();
    }
  });

  it('forwards calls and returns results unchanged: text, images, structuredContent', async () => {
    const direct = await connectDirect(server.url);
    try {
      for (const [name, args] of [
        ['echo', { message: 'héllo' }],
        ['get-structured-content', { location: 'Chicago' }],
        ['get-tiny-image', {}],
        ['get-sum', { a: 2, b: 40 }],
      ] as const) {
        const proxied = await callTool(pack, name, args);
        expect(proxied.result).toEqual(await direct.callTool(name, args));
      }
      expect((await callTool(pack, 'get-tiny-image')).result!.content).toContainEqual(expect.objectContaining({ type: 'image', mimeType: 'image/png' }));
    } finally {
      await direct.close();
    }
  });

  it("passes the server's own refusal of bad arguments on as a tool error", async () => {
    const called = await callTool(pack, 'get-sum', { a: 'two' });
    expect(called.status).toBe(200);
    expect(called.result!.isError).toBe(true);
    expect(JSON.stringify(called.result)).toMatch(/get-sum/);
  });

  it('answers an unknown tool as the gateway does for its own packs', async () => {
    const called = await callTool(pack, 'no-such-tool');
    expect(called.error).toEqual({ code: -32602, message: 'Tool no-such-tool not found' });
  });

  it('serves the 2025-era handshake and the 2026-07-28 envelope on the same path', async () => {
    const initialized = await rpc(pack, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    expect(initialized.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'toolgate-everything' } });
    const modern = await rpc(pack, 'tools/call', { name: 'echo', arguments: { message: 'x' }, _meta: ENVELOPE }, MODERN);
    expect(modern.status).toBe(200);
    expect(modern.result).toMatchObject({ content: [{ type: 'text', text: 'Echo: x' }], resultType: 'complete' });
  });

  it('counts each forwarded call in the per-tool metrics', async () => {
    await callTool(pack, 'echo', { message: 'counted' });
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(metrics).toMatch(/toolgate_tool_calls_total\{pack="everything",tool="echo",outcome="ok"\} [1-9]/);
  });

  it('survives the server being killed and restarted under calls: clear errors while it is down, a new session after', async () => {
    await server.kill();
    // Refused at once, not timed out: the message says which (MCP_SERVER_TIMEOUT_MS would say "did not answer within").
    const down = await callTool(pack, 'echo', { message: 'down' });
    expect(down.status).toBe(200);
    expect(down.result!.isError).toBe(true);
    expect(down.result!.content[0].text).toMatch(/everything: echo is unavailable: the MCP server cannot be reached/);
    expect((await packStates(gateway.url))['everything']!.state).toBe('down');

    await server.restart();
    // The gateway retries with backoff until calls answer again: waited for, however long a loaded
    // machine takes; the test's own timeout is the only bound.
    let answer = down;
    while (answer.result?.isError) {
      await sleep(250);
      answer = await callTool(pack, 'echo', { message: 'back' });
    }
    expect(answer.result).toEqual({ content: [{ type: 'text', text: 'Echo: back' }] });
    expect((await packStates(gateway.url))['everything']).toEqual({ state: 'ready' });
  }, 120_000);

  it('initializes a new session when the server forgets the old one (restarted between two calls)', async () => {
    expect((await callTool(pack, 'echo', { message: 'before' })).result!.isError).toBeUndefined();
    await server.kill();
    await server.restart();
    // The first call after the restart carries the old session id; the server refuses it and the gateway re-initializes.
    const after = await callTool(pack, 'echo', { message: 'after' });
    expect(after.result).toEqual({ content: [{ type: 'text', text: 'Echo: after' }] });
    expect(gateway.logs()).toMatch(/remote session expired; initializing a new one/);
  });

  it('never shows the header secret in logs, errors, /healthz or /metrics', async () => {
    await server.kill();
    await callTool(pack, 'echo', { message: 'down again' });
    const health = await (await fetch(`${gateway.url}/healthz`)).text();
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    for (const text of [gateway.logs(), health, metrics]) expect(text).not.toContain(TOKEN);
    await server.restart();
  });
});
