import { setTimeout as sleep } from 'node:timers/promises';
import { startStateless, type ChildServer } from './support/child-server.ts';
import { callTool, packStates, rpc, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

/** A stateless server written with the SDK v2 (no session id), behind `type: "http"` as VS Code writes it. */
describe('a remote pack: a stateless SDK v2 server', () => {
  let server: ChildServer;
  let gateway: FederatedGateway;
  let pack: string;

  beforeAll(async () => {
    server = await startStateless();
    gateway = await startFederatedGateway({
        servers: {
          calc: { type: 'http', url: server.url },
          'calc-allow': { type: 'http', url: server.url, allowTools: ['add'] },
          'calc-deny': { url: server.url, denyTools: ['refuse'] },
        },
      }, { MCP_SERVER_TIMEOUT_MS: '1000' });
    pack = `${gateway.url}/calc/mcp`;
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.kill();
  });

  it('forwards structuredContent and isError unchanged', async () => {
    expect((await callTool(pack, 'add', { a: 2, b: 3 })).result).toEqual({ content: [{ type: 'text', text: '5' }], structuredContent: { sum: 5 } });
    expect((await callTool(pack, 'refuse')).result).toEqual({ content: [{ type: 'text', text: 'no, and here is why' }], isError: true });
  });

  it('turns a hung call into a tool error within MCP_SERVER_TIMEOUT_MS, and keeps serving', async () => {
    const started = performance.now();
    const hung = await callTool(pack, 'sleep', { ms: 10_000 });
    const seconds = (performance.now() - started) / 1000;
    expect(hung.status).toBe(200);
    expect(hung.result).toEqual({ content: [{ type: 'text', text: 'calc: sleep did not answer within 1000 ms (MCP_SERVER_TIMEOUT_MS); try again later.' }], isError: true });
    // Not before the limit (load only ever delays a timer); what ended it, the message says.
    expect(seconds).toBeGreaterThan(0.9);
    expect((await packStates(gateway.url))['calc']!.state).toBe('degraded');
    expect((await callTool(pack, 'add', { a: 1, b: 1 })).result!.structuredContent).toEqual({ sum: 2 });
    expect((await packStates(gateway.url))['calc']).toEqual({ state: 'ready' });
  });

  it('answers every call while the server is killed and restarted under load: results or tool errors, never a 5xx', async () => {
    const answers: { status: number; isError: boolean }[] = [];
    let running = true;
    const load = (async () => {
      while (running) {
        const called = await callTool(pack, 'add', { a: 1, b: 2 });
        answers.push({ status: called.status, isError: called.result?.isError === true });
      }
    })();
    await sleep(200);
    await server.kill();
    await sleep(500);
    await server.restart();
    // Until a call answers again, however long a loaded machine takes to restart the server and
    // reconnect: the test's own timeout is the only bound.
    while (answers.at(-1)?.isError !== false) await sleep(100);
    running = false;
    await load;
    expect(answers.every(({ status }) => status === 200)).toBe(true);
    expect(answers.some(({ isError }) => isError)).toBe(true);
    expect(answers.at(-1)).toEqual({ status: 200, isError: false });
  }, 120_000);

  it("applies an entry's allow-list and deny-list to tools/list and tools/call", async () => {
    const names = async (name: string) => (await rpc(`${gateway.url}/${name}/mcp`, 'tools/list')).result!.tools.map((tool: { name: string }) => tool.name).sort();
    expect(await names('calc')).toEqual(['add', 'refuse', 'sleep']);
    expect(await names('calc-allow')).toEqual(['add']);
    expect(await names('calc-deny')).toEqual(['add', 'sleep']);
    expect((await callTool(`${gateway.url}/calc-deny/mcp`, 'refuse')).error).toEqual({ code: -32602, message: 'Tool refuse not found' });
    expect((await callTool(`${gateway.url}/calc-allow/mcp`, 'sleep', { ms: 1 })).error).toEqual({ code: -32602, message: 'Tool sleep not found' });
  });
});
