import { type HostileHttpServer, nestedSchema, startHostileHttpServer, tool } from '@toolgate/test-support';
import { packStates, rpc, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

const names = (tools: { name: string }[]) => tools.map((listed) => listed.name);
const page = async (url: string) => {
  const response = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
  return { status: response.status, text: await response.text() };
};

/**
 * One hostile server per way a tool list can break a bound (issue 37, 1 and 8), all fronted by one
 * gateway beside a built-in pack: each is left out, or its bad tools are, and named on /healthz and
 * in a log line, while `/mcp`, the page and every other pack serve on.
 */
describe('tool lists that break a bound', () => {
  const servers: Record<string, HostileHttpServer> = {};
  let gateway: FederatedGateway;
  // 10,000 tools of about 5 KB each: 50 MB, written once and sent on every list.
  const huge = Buffer.from(JSON.stringify({ tools: Array.from({ length: 10_000 }, (_, index) => tool(`tool_${index}`, { description: 'x'.repeat(5_000) })) }));

  beforeAll(async () => {
    servers.huge = await startHostileHttpServer({ list: () => huge });
    // 1,500 object levels: 3,000 levels of JSON, as the 111 KB schema.
    servers.deep = await startHostileHttpServer({ list: () => ({ tools: [tool('fine'), tool('abyss', { inputSchema: nestedSchema(1_500) })] }) });
    servers.many = await startHostileHttpServer({ list: () => ({ tools: Array.from({ length: 1_001 }, (_, index) => tool(`t${index}`)) }) });
    servers.long = await startHostileHttpServer({
      list: () => ({ tools: [tool('short'), tool('n'.repeat(129)), tool('wordy', { description: 'w'.repeat(16_385) }), tool('entitled', { title: 't'.repeat(16_385) })] }),
    });
    servers.twins = await startHostileHttpServer({ list: () => ({ tools: [tool('same', { description: 'The first.' }), tool('other'), tool('same', { description: 'The second.' })] }) });
    gateway = await startFederatedGateway(
      { mcpServers: Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, { url: server.url }])) },
      {},
      { builtIn: true },
    );
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await Promise.all(Object.values(servers).map((server) => server.close()));
  });

  it('a 50 MB list of 10,000 tools is not read past MCP_LIST_MAX_BYTES: the pack serves none, degraded, and /mcp serves the rest', async () => {
    expect(servers.huge!.counts.listsCut).toBeGreaterThanOrEqual(1);
    expect((await rpc(`${gateway.url}/huge/mcp`, 'tools/list')).result!.tools).toEqual([]);
    expect((await packStates(gateway.url))['huge']).toEqual({
      state: 'degraded',
      detail: 'its tool list is refused: a page of it is larger than MCP_LIST_MAX_BYTES (1048576 bytes)',
    });
    const combined = await rpc(`${gateway.url}/mcp`, 'tools/list');
    expect(combined.status).toBe(200);
    expect(names(combined.result!.tools)).toEqual(expect.arrayContaining(['local_hello', 'deep_fine', 'long_short', 'twins_same', 'twins_other']));
    expect(names(combined.result!.tools).some((name) => name.startsWith('huge_'))).toBe(false);
    const call = await rpc(`${gateway.url}/huge/mcp`, 'tools/call', { name: 'tool_1', arguments: {} });
    expect(call.result).toEqual({ content: [{ type: 'text', text: expect.stringMatching(/^huge: tool_1 is not served: its tool list is refused/) }], isError: true });
  });

  it('a schema nested 3,000 levels: that tool is left out, the server\'s others are served, at /<name>/mcp, /mcp and on the page', async () => {
    const own = await rpc(`${gateway.url}/deep/mcp`, 'tools/list');
    expect(own.status).toBe(200);
    expect(names(own.result!.tools)).toEqual(['fine']);
    expect(names((await rpc(`${gateway.url}/mcp`, 'tools/list')).result!.tools)).not.toContain('deep_abyss');
    expect((await packStates(gateway.url))['deep']).toEqual({ state: 'degraded', detail: '1 tool left out: abyss (its JSON nests deeper than MCP_LIST_MAX_DEPTH (64) levels)' });
    const shown = await page(gateway.url);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('id="deep.fine"');
    expect(shown.text).not.toContain('id="deep.abyss"');
  });

  it('more tools than MCP_LIST_MAX_ITEMS: the list is refused whole', async () => {
    expect((await rpc(`${gateway.url}/many/mcp`, 'tools/list')).result!.tools).toEqual([]);
    expect((await packStates(gateway.url))['many']).toEqual({ state: 'degraded', detail: 'its tool list is refused: it lists more than MCP_LIST_MAX_ITEMS (1000) tools' });
  });

  it('a name, description or title past its bound: that tool is left out, and each is named with its reason', async () => {
    expect(names((await rpc(`${gateway.url}/long/mcp`, 'tools/list')).result!.tools)).toEqual(['short']);
    const { detail } = (await packStates(gateway.url))['long']!;
    expect(detail).toMatch(/^3 tools left out: n{80}… \(its name is 129 characters, more than MCP_LIST_MAX_NAME \(128\)\); /);
    expect(detail).toContain('wordy (its description is 16385 characters, more than MCP_LIST_MAX_DESCRIPTION (16384))');
    expect(detail).toContain('entitled (its title is 16385 characters, more than MCP_LIST_MAX_DESCRIPTION (16384))');
  });

  it('two tools of one name: the first is kept, the second left out with a warning (issue 37, 8)', async () => {
    const own = (await rpc(`${gateway.url}/twins/mcp`, 'tools/list')).result!.tools as { name: string; description: string }[];
    expect(own.map(({ name, description }) => [name, description])).toEqual([
      ['same', 'The first.'],
      ['other', 'The other tool.'],
    ]);
    const combined = names((await rpc(`${gateway.url}/mcp`, 'tools/list')).result!.tools);
    expect(combined.filter((name) => name === 'twins_same')).toHaveLength(1);
    expect(gateway.logs()).toMatch(/"pack":"twins".*"msg":"1 of the server's tools is left out: same \(another tool of this server already has its name \(the first is kept\)\)"/);
  });

  it('every refusal is logged with what was refused and why', () => {
    const warnings = gateway
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; pack?: string; msg: string })
      .filter((line) => line.level === 40);
    const byPack = (pack: string) => warnings.filter((line) => line.pack === pack).map((line) => line.msg);
    expect(byPack('huge')).toContain("the server's tool list is refused, and none of its tools is served: a page of it is larger than MCP_LIST_MAX_BYTES (1048576 bytes)");
    expect(byPack('many')).toContain("the server's tool list is refused, and none of its tools is served: it lists more than MCP_LIST_MAX_ITEMS (1000) tools");
    expect(byPack('deep')).toContain("1 of the server's tools is left out: abyss (its JSON nests deeper than MCP_LIST_MAX_DEPTH (64) levels)");
  });

  it('the page answers, and shows each degraded pack\'s reason', async () => {
    const shown = await page(gateway.url);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('its tool list is refused: a page of it is larger than MCP_LIST_MAX_BYTES (1048576 bytes)');
    expect(shown.text).toContain('id="local.hello"');
    expect(shown.text).not.toContain('id="huge.tool_1"');
  });
});

describe('list bounds are the operator\'s to set', () => {
  let server: HostileHttpServer;
  let gateway: FederatedGateway;
  beforeAll(async () => {
    server = await startHostileHttpServer({ list: () => ({ tools: [tool('a'), tool('b'), tool('c', { inputSchema: nestedSchema(3) })] }) });
    gateway = await startFederatedGateway({ mcpServers: { tight: { url: server.url } } }, { MCP_LIST_MAX_DEPTH: '4', MCP_LIST_MAX_ITEMS: '3' });
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.close();
  });

  it('MCP_LIST_MAX_DEPTH and MCP_LIST_MAX_ITEMS apply as set', async () => {
    expect(names((await rpc(`${gateway.url}/tight/mcp`, 'tools/list')).result!.tools)).toEqual(['a', 'b']);
    expect((await packStates(gateway.url))['tight']!.detail).toBe('1 tool left out: c (its JSON nests deeper than MCP_LIST_MAX_DEPTH (4) levels)');
  });
});
