import request from 'supertest';
import { definePack, type RemoteListedTool } from '../../src/index.ts';
import { PageCache } from '../../src/page/page-cache.ts';
import type { PageView } from '../../src/page/render-page.ts';
import { createEchoApp, echoPack } from '../echo-pack.ts';

const HTML = 'text/html';

/** An object schema nested `depth` levels (each level an object and its `properties`: two levels of JSON). */
function nested(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < depth; level += 1) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

/** A pack as a fronted server's would be, listing what a hostile server lists (core applies no list bound of its own). */
function remotePack(name: string, tools: RemoteListedTool[]) {
  return definePack({
    name,
    version: '1.0.0',
    tools: [],
    remoteTools: { list: () => tools, call: async () => ({ content: [{ type: 'text', text: 'ok' }] }) },
  });
}

const list = (app: ReturnType<typeof createEchoApp>, path: string) => request(app).post(path).send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

describe('the catalog page costs a small multiple of a tools/list (issue 37, 1 and 2)', () => {
  it('a schema nested 1,000 levels: the page is at most 3 times the list; a deep schema is shown compact, a deeper one not at all, each with a note', async () => {
    const tools = [
      { name: 'deep', description: 'A deep schema.', inputSchema: nested(1_000) },
      { name: 'deepish', description: 'Deeper than is worth indenting.', inputSchema: nested(25) },
    ];
    const app = createEchoApp({ packs: [{ pack: remotePack('deep', tools), segment: 'deep' }] });
    const listed = await list(app, '/deep/mcp');
    const page = await request(app).get('/').set('accept', HTML);
    expect(page.status).toBe(200);
    // Indented, it was 4 MB: two spaces a level, on every line, grow with the square of the depth.
    expect(page.text.length).toBeLessThan(3 * listed.text.length + 20_000);
    expect(page.text).toContain('nested deeper than 64 levels: not shown here; the tool list an MCP client reads has it whole');
    expect(page.text).toContain('nested deeper than 12 levels: shown compact');
  });

  it('a schema of 200 KB is cut at 16 KiB, with a note', async () => {
    const properties = Object.fromEntries(Array.from({ length: 2_000 }, (_, index) => [`field_${index}`, { type: 'string', description: 'x'.repeat(80) }]));
    const app = createEchoApp({ packs: [{ pack: remotePack('wide', [{ name: 'wide', inputSchema: { type: 'object', properties } }]), segment: 'wide' }] });
    const listed = await list(app, '/wide/mcp');
    const page = await request(app).get('/').set('accept', HTML);
    expect(listed.text.length).toBeGreaterThan(200_000);
    expect(page.text.length).toBeLessThan(listed.text.length / 2);
    expect(page.text).toMatch(/cut at 16,384 of [\d,]+ characters; the tool list an MCP client reads has it whole/);
    // The form shows 50 fields, and says the rest are in the schema.
    expect(page.text).toContain('And 1950 more arguments: see the input schema.');
  });

  it('a schema nested 20,000 levels: the page, /<name>/mcp and /mcp answer, no 500', async () => {
    const tools = [
      { name: 'abyss', inputSchema: nested(10_000) },
      { name: 'shallow', description: 'Fine.', inputSchema: { type: 'object' } },
    ];
    const app = createEchoApp({ packs: [{ pack: echoPack, segment: 'echo' }, { pack: remotePack('abyss', tools), segment: 'abyss' }] });
    const page = await request(app).get('/').set('accept', HTML);
    expect(page.status).toBe(200);
    expect(page.text).toContain('nested deeper than 64 levels: not shown here; the tool list an MCP client reads has it whole');
    expect(page.text).toContain('id="abyss.shallow"');
    for (const path of ['/abyss/mcp', '/mcp']) {
      const answer = await list(app, path);
      expect(answer.status).toBe(200);
      expect(answer.body.error).toEqual({ code: -32603, message: 'Internal error: the answer could not be serialised as JSON' });
    }
  });

  it('GET /_toolgate/catalog, for a peer, answers the same catalog without serialising it again', async () => {
    const app = createEchoApp();
    const first = await request(app).get('/_toolgate/catalog');
    const second = await request(app).get('/_toolgate/catalog');
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
  });
});

describe('PageCache: the page rendered once per catalog version', () => {
  const tools = [{ name: 'a', inputSchema: {} }];
  const view = (over: Partial<PageView> = {}): PageView => ({
    packs: [{ name: 'p', segment: 'p', status: { state: 'ready' }, tools }],
    unreachable: [],
    baseUrl: 'http://gateway',
    keyed: false,
    oneUrl: true,
    ...over,
  });

  it('renders once for any number of loads of the same catalog', () => {
    const cache = new PageCache(() => '<html>');
    for (let load = 0; load < 1_000; load += 1) cache.page(view());
    expect(cache.renders).toBe(1);
  });

  it('renders again when a pack\'s tools or state change, or a peer goes away', () => {
    const cache = new PageCache(() => '<html>');
    cache.page(view());
    cache.page(view({ packs: [{ name: 'p', segment: 'p', status: { state: 'ready' }, tools: [...tools] }] }));
    cache.page(view({ packs: [{ name: 'p', segment: 'p', status: { state: 'down', detail: 'gone' }, tools }] }));
    cache.page(view({ unreachable: [{ url: 'http://peer', problem: 'could not be reached' }] }));
    expect(cache.renders).toBe(4);
  });

  it('keeps a few base URLs; a host named once is not compressed', async () => {
    const cache = new PageCache(() => '<html>');
    expect(cache.page(view()).gzip()).toBeUndefined();
    expect(await cache.page(view()).gzip()).toBeInstanceOf(Buffer);
    for (let host = 0; host < 20; host += 1) expect(cache.page(view({ baseUrl: `http://invented-${host}` })).gzip()).toBeUndefined();
    expect(cache.renders).toBe(21);
  });
});
