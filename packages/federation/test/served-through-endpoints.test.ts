import { startConformanceFixture, type ChildServer } from './support/child-server.ts';
import { rpc, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/**
 * What a fronted server offers besides tools, as a client of the gateway gets it: at
 * /fixture/mcp under the server's own names and URIs, at /mcp beside a built-in pack under
 * `fixture_<name>` and `<scheme>://fixture/<rest of the URI>`, read back by what was listed.
 */
describe("a fronted server's prompts, resources and completion at /<name>/mcp and /mcp", () => {
  let server: ChildServer;
  let gateway: FederatedGateway;

  beforeAll(async () => {
    server = await startConformanceFixture();
    gateway = await startFederatedGateway({ mcpServers: { fixture: { url: server.url } } }, {}, { builtIn: true });
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.kill();
  });

  describe.each([
    { where: '/fixture/mcp', path: '/fixture/mcp', name: (local: string) => local, uri: (local: string) => local },
    { where: '/mcp', path: '/mcp', name: (local: string) => `fixture_${local}`, uri: (local: string) => local.replace(/^(\w+):/, '$1://fixture/') },
  ])('at $where', ({ path, name, uri }) => {
    const at = (method: string, params?: Record<string, unknown>) => rpc(`${gateway.url}${path}`, method, params);

    it('declares the capabilities the server declared, in the handshake', async () => {
      const { result } = await at('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } });
      expect(Object.keys(result!.capabilities)).toEqual(expect.arrayContaining(['prompts', 'resources', 'completions']));
    });

    it('lists the prompts and gets one with its arguments', async () => {
      const { result: listed } = await at('prompts/list');
      expect(listed!.prompts.map((prompt: { name: string }) => prompt.name)).toEqual(expect.arrayContaining([name('test_simple_prompt'), name('test_prompt_with_arguments')]));
      const { result } = await at('prompts/get', { name: name('test_prompt_with_arguments'), arguments: { arg1: 'a', arg2: 'b' } });
      expect(result).toEqual({ messages: [{ role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='a', arg2='b'" } }] });
    });

    it('lists resources and templates, and reads each back by the URI it lists, the contents under that URI', async () => {
      const { result: listed } = await at('resources/list');
      const text = listed!.resources.find((resource: { name: string }) => resource.name === 'static-text');
      expect(text.uri).toBe(uri('test://static-text'));
      const { result: read } = await at('resources/read', { uri: text.uri });
      expect(read!.contents).toEqual([{ uri: uri('test://static-text'), mimeType: 'text/plain', text: 'This is the content of the static text resource.' }]);
      const { result: templates } = await at('resources/templates/list');
      expect(templates!.resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: uri('test://template/{id}/data') })]);
      const { result: expanded } = await at('resources/read', { uri: uri('test://template/7/data') });
      expect(expanded!.contents[0]).toMatchObject({ uri: uri('test://template/7/data'), mimeType: 'application/json' });
    });

    it("completes a prompt's argument and a template's, by the name and URI the client knows", async () => {
      const prompt = await at('completion/complete', { ref: { type: 'ref/prompt', name: name('test_prompt_with_arguments') }, argument: { name: 'arg1', value: 'par' } });
      expect(prompt.result).toEqual({ completion: { values: ['paris', 'park', 'party'], total: 3, hasMore: false } });
      const template = await at('completion/complete', { ref: { type: 'ref/resource', uri: uri('test://template/{id}/data') }, argument: { name: 'id', value: '1' } });
      expect(template.result!.completion.values).toEqual(['1', '123']);
    });

    it("passes the server's not-found on: -32002 with its URI for a 2025-era client, -32602 with data.uri for a 2026-07-28 one", async () => {
      const missing = uri('test://nowhere');
      const legacy = await at('resources/read', { uri: missing });
      expect(legacy.error).toMatchObject({ code: -32002, data: { uri: missing } });
      const modern = await rpc(`${gateway.url}${path}`, 'resources/read', { uri: missing, _meta: ENVELOPE }, {
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'resources/read',
        'mcp-name': missing,
      });
      expect(modern.error).toMatchObject({ code: -32602, data: { uri: missing } });
    });
  });

  it('routes nothing of the server under a name or URI that is not namespaced at /mcp', async () => {
    const prompt = await rpc(`${gateway.url}/mcp`, 'prompts/get', { name: 'test_simple_prompt' });
    expect(prompt.error).toMatchObject({ code: -32602 });
    const read = await rpc(`${gateway.url}/mcp`, 'resources/read', { uri: 'test://static-text' });
    expect(read.error?.code).toBeLessThan(0);
  });
});
