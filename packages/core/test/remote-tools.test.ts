import request from 'supertest';
import { createApp, createLogger, createMetrics, definePack, type RemoteListedTool } from '../src/index.ts';

const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** A pack whose tools come from elsewhere (packages/federation): listed verbatim, calls forwarded. */
function remoteApp(behaviour: { tools: RemoteListedTool[]; answer: (name: string, args: unknown) => Promise<Record<string, unknown>> }) {
  const calls: { name: string; args: unknown }[] = [];
  const pack = definePack({
    name: 'remote',
    version: '0.0.0',
    tools: [],
    remoteTools: {
      list: () => behaviour.tools,
      call: async (name, args) => {
        calls.push({ name, args });
        return (await behaviour.answer(name, args)) as never;
      },
    },
  });
  const metrics = createMetrics({ collectProcessMetrics: false });
  const app = createApp({ packs: [{ pack, segment: 'remote' }], logger: createLogger({ level: 'silent' }), metrics });
  return { app, calls, metrics };
}

const verbatim: RemoteListedTool = {
  name: 'lookup',
  title: 'Look up',
  inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { q: { type: 'string' } } },
  execution: { taskSupport: 'forbidden' },
  _meta: { 'vendor/x': 1 },
};

describe('a pack with remote tools', () => {
  it('lists them as given, read afresh on every tools/list', async () => {
    const tools = [verbatim];
    const { app } = remoteApp({ tools, answer: async () => ({ content: [] }) });
    expect((await request(app).post('/remote/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).body.result.tools).toEqual([verbatim]);
    tools.push({ name: 'added', inputSchema: { type: 'object' } });
    expect((await request(app).post('/remote/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).body.result.tools.map((tool: RemoteListedTool) => tool.name)).toEqual(['lookup', 'added']);
  });

  it('forwards the arguments unvalidated and answers with the result unchanged', async () => {
    const result = { content: [{ type: 'text', text: 'hi' }], structuredContent: { n: 1 }, isError: true, extra: 'kept' };
    const { app, calls, metrics } = remoteApp({ tools: [verbatim], answer: async () => result });
    const response = await request(app).post('/remote/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'lookup', arguments: { q: 7 } } });
    expect(response.body.result).toEqual(result);
    expect(calls).toEqual([{ name: 'lookup', args: { q: 7 } }]);
    expect(await metrics.registry.metrics()).toMatch(/toolgate_tool_calls_total\{pack="remote",tool="lookup",outcome="tool_error"\} 1/);
  });

  it('keeps the server\'s _meta beside toolgate\'s own on 2026-07-28', async () => {
    const { app } = remoteApp({ tools: [verbatim], answer: async () => ({ content: [], _meta: { 'vendor/trace': 'abc' } }) });
    const response = await request(app)
      .post('/remote/mcp')
      .set({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'lookup' })
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'lookup', arguments: {}, _meta: ENVELOPE } });
    expect(response.body.result._meta).toMatchObject({ 'vendor/trace': 'abc', 'io.modelcontextprotocol/serverInfo': { name: 'toolgate-remote' } });
    expect(response.body.result.resultType).toBe('complete');
  });

  it('refuses a tool the server does not list, and turns a throw into an internal error without its text', async () => {
    const { app, calls } = remoteApp({ tools: [verbatim], answer: async () => Promise.reject(new Error('socket secret detail')) });
    const unknown = await request(app).post('/remote/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'other' } });
    expect(unknown.body.error).toEqual({ code: -32602, message: 'Tool other not found' });
    expect(calls).toEqual([]);
    const thrown = await request(app).post('/remote/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'lookup' } });
    expect(thrown.body.result.isError).toBe(true);
    expect(thrown.body.result.content[0].text).toMatch(/^Internal error in lookup/);
    expect(JSON.stringify(thrown.body)).not.toMatch(/secret/);
  });
});

describe('a remote pack whose tools are unknown (its server never answered)', () => {
  it('answers a call with the reason the pack gives, not "not found"', async () => {
    const pack = definePack({
      name: 'remote',
      version: '0.0.0',
      tools: [],
      remoteTools: {
        list: () => [],
        call: async () => Promise.reject(new Error('not called')),
        unlisted: (name) => ({ content: [{ type: 'text', text: `${name}: the server cannot be reached` }], isError: true }),
      },
    });
    const app = createApp({ packs: [{ pack, segment: 'remote' }], logger: createLogger({ level: 'silent' }), metrics: createMetrics({ collectProcessMetrics: false }) });
    const response = await request(app).post('/remote/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search' } });
    expect(response.body.result).toEqual({ content: [{ type: 'text', text: 'search: the server cannot be reached' }], isError: true });
  });
});
