import request from 'supertest';
import { createApp, createLogger, createMetrics, definePack, type RemoteFeatures } from '../../src/index.ts';
import { libraryPack } from '../support/content-modules.ts';

/** A fronted server as federation presents it: an MCP App tool, its ui:// resource, a prompt and a template. */
function appsPack() {
  const reads: string[] = [];
  const remote: RemoteFeatures = {
    capabilities: () => ({ prompts: {}, resources: {}, completions: {} }),
    prompts: () => [{ name: 'greet', description: 'Greets.' }],
    resources: () => [{ uri: 'ui://dash/panel.html', name: 'panel', mimeType: 'text/html;profile=mcp-app' }],
    resourceTemplates: () => [{ uriTemplate: 'file:///notes/{name}', name: 'note' }],
    async request(method, params) {
      if (method === 'resources/read') {
        reads.push(String(params.uri));
        return { contents: [{ uri: params.uri, mimeType: 'text/html', text: '<p>hi</p>' }] };
      }
      if (method === 'prompts/get') return { messages: [{ role: 'user', content: { type: 'resource_link', uri: 'ui://dash/panel.html', name: 'panel' } }] };
      if (method === 'completion/complete') return { completion: { values: [`${(params.ref as { uri?: string }).uri}`], total: 1, hasMore: false } };
      return {};
    },
  };
  const pack = definePack({
    name: 'apps',
    version: '0.0.0',
    tools: [],
    remoteTools: {
      list: () => [{ name: 'show', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://dash/panel.html' } } }],
      call: async () => ({ content: [{ type: 'resource_link', uri: 'ui://dash/panel.html', name: 'panel' }] }),
    },
    remote,
  });
  return { pack, reads };
}

describe('/mcp: every pack’s prompts and resources, names and URIs namespaced one reversible way', () => {
  const apps = appsPack();
  const app = createApp({
    packs: [
      { pack: libraryPack, segment: 'library' },
      { pack: apps.pack, segment: 'apps' },
    ],
    logger: createLogger({ level: 'silent' }),
    metrics: createMetrics({ collectProcessMetrics: false }),
  });
  const rpc = async (method: string, params: Record<string, unknown> = {}) => (await request(app).post('/mcp').send({ jsonrpc: '2.0', id: 1, method, params })).body;

  it('declares the union of what the packs offer', async () => {
    const { result } = await rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    // A fronted server (apps) is among them: its lists may change, and a 2025-era session is told.
    const changing = { listChanged: true };
    expect(result.capabilities).toMatchObject({ tools: changing, prompts: changing, resources: changing, completions: {} });
    const library = (await request(app).post('/library/mcp').send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } })).body;
    expect(library.result.capabilities).toMatchObject({ tools: { listChanged: false }, prompts: { listChanged: false }, resources: { listChanged: false } });
  });

  it('declares list changes to a 2026-07-28 client too: it is told on its subscriptions/listen stream', async () => {
    const modern = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const discovered = (await request(app).post('/mcp').set({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' }).send({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modern } })).body;
    expect(discovered.result.capabilities).toMatchObject({ tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true } });
  });

  it('names prompts <pack>_<prompt> and gets each from its pack', async () => {
    expect((await rpc('prompts/list')).result.prompts.map((prompt: { name: string }) => prompt.name)).toEqual(['library_review', 'apps_greet']);
    const review = (await rpc('prompts/get', { name: 'library_review', arguments: { book: 'dune' } })).result;
    expect(review.messages[0].content.text).toBe('Review Dune.');
    // The link a prompt hands out reads back through /mcp.
    expect(review.messages[1].content).toMatchObject({ type: 'resource_link', uri: 'books://library///book/dune' });
    expect((await rpc('prompts/get', { name: 'review' })).error).toMatchObject({ code: -32602, message: expect.stringContaining('<pack>_<prompt>') });
  });

  it('lists every resource and template under <scheme>://<pack>/…, and reads each back by the URI listed', async () => {
    const resources = (await rpc('resources/list')).result.resources.map((resource: { uri: string }) => resource.uri);
    expect(resources).toEqual(['books://library///catalog', 'ui://apps///dash/panel.html']);
    const templates = (await rpc('resources/templates/list')).result.resourceTemplates.map((template: { uriTemplate: string }) => template.uriTemplate);
    expect(templates).toEqual(['books://library///book/{id}', 'file://apps////notes/{name}']);
    for (const uri of resources) expect((await rpc('resources/read', { uri })).result.contents[0].uri).toBe(uri);
    // A template expanded by the client reads the server's own URI.
    const note = (await rpc('resources/read', { uri: 'file://apps////notes/today' })).result;
    expect(note.contents[0].uri).toBe('file://apps////notes/today');
    expect(apps.reads).toContain('file:///notes/today');
    expect(JSON.parse((await rpc('resources/read', { uri: 'books://library///book/emma' })).result.contents[0].text)).toEqual({ title: 'Emma', author: 'Jane Austen' });
  });

  it('answers a URI no pack has with resource-not-found naming the URI as the client sent it', async () => {
    expect((await rpc('resources/read', { uri: 'books://library///book/nope' })).error).toMatchObject({ code: -32002, data: { uri: 'books://library///book/nope' } });
    expect((await rpc('resources/read', { uri: 'books://nowhere///catalog' })).error).toMatchObject({ code: -32002 });
    expect((await rpc('resources/read', { uri: 'books://catalog' })).error).toMatchObject({ code: -32002 });
  });

  it('points an MCP App tool’s _meta and result at the namespaced ui:// resource', async () => {
    const tools = (await rpc('tools/list')).result.tools;
    expect(tools.find((tool: { name: string }) => tool.name === 'apps_show')._meta).toEqual({ ui: { resourceUri: 'ui://apps///dash/panel.html' } });
    const result = (await rpc('tools/call', { name: 'apps_show', arguments: {} })).result;
    expect(result.content).toEqual([{ type: 'resource_link', uri: 'ui://apps///dash/panel.html', name: 'panel' }]);
  });

  it('completes a prompt’s or a template’s argument at the pack that owns it', async () => {
    const byPrompt = await rpc('completion/complete', { ref: { type: 'ref/prompt', name: 'library_review' }, argument: { name: 'book', value: 'd' } });
    expect(byPrompt.result.completion.values).toEqual(['dune']);
    const byTemplate = await rpc('completion/complete', { ref: { type: 'ref/resource', uri: 'file://apps////notes/{name}' }, argument: { name: 'name', value: '' } });
    expect(byTemplate.result.completion.values).toEqual(['file:///notes/{name}']);
  });

  it('counts each pack’s prompts, reads and completions in /metrics, by method and outcome', async () => {
    const metrics = (await request(app).get('/metrics')).text;
    expect(metrics).toMatch(/toolgate_mcp_requests_total\{pack="library",method="prompts\/get",outcome="ok"\} [1-9]/);
    expect(metrics).toMatch(/toolgate_mcp_requests_total\{pack="library",method="resources\/read",outcome="error"\} [1-9]/);
    expect(metrics).toMatch(/toolgate_mcp_request_duration_seconds_count\{pack="apps",method="completion\/complete"\} [1-9]/);
  });

  it('keeps the pack’s own URIs at the pack’s own endpoint', async () => {
    const listed = (await request(app).post('/apps/mcp').send({ jsonrpc: '2.0', id: 1, method: 'resources/list' })).body.result.resources;
    expect(listed.map((resource: { uri: string }) => resource.uri)).toEqual(['ui://dash/panel.html']);
  });
});
