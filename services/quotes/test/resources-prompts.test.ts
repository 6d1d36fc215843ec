import request from 'supertest';
import { createQuotesApp, QUOTABLE_DATA_DIR } from './helpers.ts';

const MODERN = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

type App = Awaited<ReturnType<typeof createQuotesApp>>['app'];

/** One JSON-RPC request to the pack, 2025-era (no headers) or 2026-07-28 (envelope and headers). */
async function rpc(app: App, method: string, params: Record<string, unknown> = {}, modern = false) {
  const post = request(app).post('/quotes/mcp');
  if (modern) {
    const name = (params.name ?? params.uri) as string | undefined;
    post.set({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) });
  }
  const response = await post.send({ jsonrpc: '2.0', id: 1, method, params: modern ? { ...params, _meta: MODERN } : params });
  return response.body as { result?: Record<string, any>; error?: { code: number; message: string; data?: any } };
}

describe('the quotes pack’s resources, prompts and completion, Quotable corpus', () => {
  let app: App;
  let engine: Awaited<ReturnType<typeof createQuotesApp>>['engine'];
  beforeAll(async () => {
    ({ app, engine } = await createQuotesApp(QUOTABLE_DATA_DIR));
  });

  it('declares what it offers at initialize: prompts, resources (nothing to subscribe to), completions', async () => {
    const { result } = await rpc(app, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    expect(result!.capabilities).toEqual({ tools: { listChanged: false }, prompts: { listChanged: false }, resources: { listChanged: false }, completions: {} });
  });

  it('lists the tag list as a resource and the quote and author templates', async () => {
    expect((await rpc(app, 'resources/list')).result!.resources).toEqual([
      expect.objectContaining({ uri: 'quotes://tags', name: 'tags', mimeType: 'application/json' }),
    ]);
    expect((await rpc(app, 'resources/templates/list')).result!.resourceTemplates.map((template: { uriTemplate: string }) => template.uriTemplate)).toEqual([
      'quotes://quote/{id}',
      'quotes://author/{slug}',
    ]);
  });

  it('reads a quote by id, an author by slug and the tags, as the tools answer them', async () => {
    const quote = engine.quote('WQbJJwEFP1l9')!;
    const read = await rpc(app, 'resources/read', { uri: 'quotes://quote/WQbJJwEFP1l9' });
    expect(read.result!.contents).toEqual([{ uri: 'quotes://quote/WQbJJwEFP1l9', mimeType: 'application/json', text: JSON.stringify(quote) }]);
    const author = JSON.parse((await rpc(app, 'resources/read', { uri: 'quotes://author/albert-einstein' })).result!.contents[0].text);
    expect(author).toMatchObject({ name: 'Albert Einstein', slug: 'albert-einstein' });
    const tags = JSON.parse((await rpc(app, 'resources/read', { uri: 'quotes://tags' })).result!.contents[0].text);
    expect(tags.count).toBe(engine.tags().length);
  });

  it('answers an unknown id with the revision’s resource-not-found error, the URI in data', async () => {
    expect((await rpc(app, 'resources/read', { uri: 'quotes://quote/no-such-id' })).error).toMatchObject({ code: -32002, data: { uri: 'quotes://quote/no-such-id' } });
    expect((await rpc(app, 'resources/read', { uri: 'quotes://quote/no-such-id' }, true)).error).toMatchObject({ code: -32602, data: { uri: 'quotes://quote/no-such-id' } });
    expect((await rpc(app, 'resources/read', { uri: 'quotes://nothing' })).error).toMatchObject({ code: -32002 });
  });

  it('tells 2026-07-28 clients how long lists and reads may be cached', async () => {
    const read = await rpc(app, 'resources/read', { uri: 'quotes://tags' }, true);
    expect(read.result).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
    expect((await rpc(app, 'prompts/list', {}, true)).result).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
  });

  it('lists its two prompts with their arguments', async () => {
    const { prompts } = (await rpc(app, 'prompts/list')).result!;
    expect(prompts.map((prompt: { name: string }) => prompt.name)).toEqual(['quote_for_occasion', 'check_who_said']);
    expect(prompts[0].arguments).toEqual([
      { name: 'occasion', description: expect.stringContaining('occasion'), required: true },
      { name: 'tag', description: expect.stringContaining('tag'), required: false },
    ]);
  });

  it('gets check_who_said with the corpus’s own verdict in the message', async () => {
    const { result } = await rpc(app, 'prompts/get', { name: 'check_who_said', arguments: { text: 'Imagination is more important than knowledge', author: 'Einstein' } });
    const text = result!.messages[0].content.text as string;
    expect(result!.messages[0].role).toBe('user');
    expect(text).toContain('"verdict": "verified"');
    expect(text).toContain('Albert Einstein');
  });

  it('gets quote_for_occasion with candidates from the corpus, drawn from the tag when one is given', async () => {
    const { result } = await rpc(app, 'prompts/get', { name: 'quote_for_occasion', arguments: { occasion: 'a friend moving abroad', tag: 'friendship' } });
    const text = result!.messages[0].content.text as string;
    const ids = [...text.matchAll(/- \[(\w+)\]/g)].map((match) => match[1]!);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(engine.quote(id)!.tags).toContain('friendship');
  });

  it('refuses a prompt without its required argument, or an unknown prompt, with invalid params', async () => {
    expect((await rpc(app, 'prompts/get', { name: 'check_who_said', arguments: {} })).error).toMatchObject({ code: -32602, message: expect.stringContaining('text') });
    expect((await rpc(app, 'prompts/get', { name: 'check_who_said', arguments: { text: 7 } })).error).toMatchObject({ code: -32602 });
    expect((await rpc(app, 'prompts/get', { name: 'nope' })).error).toMatchObject({ code: -32602, message: 'Prompt nope not found' });
  });

  it('completes tags and authors for every argument that takes one', async () => {
    const complete = async (ref: Record<string, unknown>, name: string, value: string) => (await rpc(app, 'completion/complete', { ref, argument: { name, value } })).result!.completion;
    expect((await complete({ type: 'ref/prompt', name: 'quote_for_occasion' }, 'tag', 'frien')).values).toContain('friendship');
    const authors = await complete({ type: 'ref/prompt', name: 'check_who_said' }, 'author', 'Mark Tw');
    expect(authors.values[0]).toBe('mark-twain');
    const slugs = await complete({ type: 'ref/resource', uri: 'quotes://author/{slug}' }, 'slug', 'einst');
    expect(slugs.values).toContain('albert-einstein');
    const everyone = await complete({ type: 'ref/resource', uri: 'quotes://author/{slug}' }, 'slug', '');
    expect(everyone).toMatchObject({ total: engine.authors().length, hasMore: engine.authors().length > 100 });
    expect(everyone.values).toHaveLength(Math.min(100, engine.authors().length));
    expect((await complete({ type: 'ref/prompt', name: 'quote_for_occasion' }, 'occasion', 'wed')).values).toEqual([]);
  });
});
