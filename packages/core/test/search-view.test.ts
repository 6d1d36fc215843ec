import request from 'supertest';
import { createApp, createGuards, createLogger, createMetrics, definePack, parseEnv, securityEnvSchema, type RemoteListedTool } from '../src/index.ts';
import { createAuditLog } from '../src/mcp/audit-log.ts';
import { echoPack } from './echo-pack.ts';
import { captureLog } from './support/capture-log.ts';
import { wordModule, writePolicyFile } from './support/policy-fixtures.ts';

const KEYS = { wordOnly: 'tg_word_only_key_0001', metered: 'tg_metered_key_0002', all: 'tg_all_key_0003' };
const rpc = (id: number, method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
const call = (id: number, name: string, args: unknown) => rpc(id, 'tools/call', { name, arguments: args });
const search = (id: number, query: string, limit?: number) => call(id, 'search_tools', { query, ...(limit ? { limit } : {}) });
const through = (id: number, name: string, args?: Record<string, unknown>) => call(id, 'call_tool', { name, ...(args ? { arguments: args } : {}) });
type Found = { structuredContent: { tools: { name: string }[] } };

async function searchApp() {
  const log = captureLog();
  const env = parseEnv(securityEnvSchema, {
    API_KEYS_FILE: writePolicyFile([
      { name: 'word-only', key: KEYS.wordOnly, packs: ['word'] },
      { name: 'metered', key: KEYS.metered, daily_quota: 2 },
      { name: 'all', key: KEYS.all },
    ]),
  });
  const guards = await createGuards(env, log.logger);
  const word = (await wordModule.create({}, { logger: log.logger })).pack;
  const app = createApp({
    packs: [{ pack: echoPack, segment: 'echo' }, { pack: word, segment: 'word' }],
    logger: log.logger,
    metrics: createMetrics({ collectProcessMetrics: false }),
    guards: guards.handlers,
    callPolicy: { ...(guards.budget ? { budget: guards.budget } : {}), audit: createAuditLog(log.logger, { withArguments: false }) },
  });
  const post = (path: string, key: string, body: unknown) => request(app).post(path).set('authorization', `Bearer ${key}`).send(body as object);
  const auditLines = () =>
    log.text().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.audit === 'tool_call').map(({ caller, pack, tool, outcome }) => ({ caller, pack, tool, outcome }));
  return { post, auditLines, close: () => guards.close() };
}

describe('?view=search: search_tools and call_tool instead of every tool', () => {
  let app: Awaited<ReturnType<typeof searchApp>>;
  beforeAll(async () => (app = await searchApp()));
  afterAll(() => app.close());
  const names = (response: { body: { result: Found } }) => response.body.result.structuredContent.tools.map(({ name }) => name);

  it.each(['/mcp', '/echo/mcp'])('%s?view=search lists the two tools; %s itself still lists every tool', async (path) => {
    const viewed = await app.post(`${path}?view=search`, KEYS.all, rpc(1, 'tools/list'));
    expect(viewed.body.result.tools.map(({ name }: { name: string }) => name)).toEqual(['search_tools', 'call_tool']);
    expect(viewed.body.result.tools[0].inputSchema).toMatchObject({ type: 'object', required: ['query'] });
    const plain = await app.post(path, KEYS.all, rpc(1, 'tools/list'));
    expect(plain.body.result.tools.length).toBe(path === '/mcp' ? 3 : 2);
  });

  it('finds tools by what they do, named as the endpoint names them, with their schemas, as structuredContent and text', async () => {
    const combined = await app.post('/mcp?view=search', KEYS.all, search(2, 'add up some numbers'));
    expect(names(combined)[0]).toBe('echo_sum');
    const found = combined.body.result.structuredContent.tools[0];
    expect(found).toEqual({ name: 'echo_sum', title: 'Sum', description: 'Adds up a list of numbers.', inputSchema: expect.objectContaining({ type: 'object' }), outputSchema: expect.objectContaining({ type: 'object' }) });
    expect(combined.body.result.content[0].text).toMatch(/^1 tool.*\n1\. echo_sum \(Sum\): Adds up a list of numbers\.\n {3}arguments: \{/s);
    const own = await app.post('/word/mcp?view=search', KEYS.all, search(3, 'upper case letters'));
    expect(names(own)).toEqual(['upper']);
  });

  it("calls a found tool and returns its answer unchanged: the result, an unknown name's error, refused arguments' error", async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['/mcp', 'echo_sum', { numbers: [1, 2] }],
      ['/mcp', 'echo_echo', { text: 'fail' }],
      ['/mcp', 'echo_sum', { numbers: 'three' }],
      ['/mcp', 'echo_nothing', {}],
      ['/echo/mcp', 'echo', { text: 'hello' }],
      ['/echo/mcp', 'nothing', {}],
    ];
    for (const [path, name, args] of cases) {
      const viaView = await app.post(`${path}?view=search`, KEYS.all, through(4, name, args));
      const direct = await app.post(path, KEYS.all, call(4, name, args));
      expect({ name, status: viaView.status, body: viaView.body }).toEqual({ name, status: direct.status, body: direct.body });
    }
    // Arguments sent as their JSON text, as models often do, are the object they hold.
    const asText = await app.post('/mcp?view=search', KEYS.all, call(4, 'call_tool', { name: 'echo_sum', arguments: '{"numbers":[1,2]}' }));
    expect(asText.body.result.structuredContent).toEqual({ sum: 3, count: 2 });
    const unknown = await app.post('/mcp?view=search', KEYS.all, through(5, 'echo_nothing', {}));
    expect(unknown.body.error.message).toMatch(/Tool echo_nothing not found/);
  });

  it('a key limited to one pack finds and calls only that pack’s tools', async () => {
    expect(names(await app.post('/mcp?view=search', KEYS.wordOnly, search(6, 'add up numbers echo text upper word', 20)))).toEqual(['word_upper']);
    expect(names(await app.post('/mcp?view=search', KEYS.wordOnly, search(7, 'echo_sum')))).toEqual([]);
    // Another pack's own URL refuses the key as its tools/list does.
    const otherPack = await app.post('/echo/mcp?view=search', KEYS.wordOnly, search(8, 'sum'));
    const listed = await app.post('/echo/mcp', KEYS.wordOnly, rpc(8, 'tools/list'));
    expect(otherPack.body.error).toEqual({ code: -32003, message: 'Forbidden: the pack echo is not allowed for this key', data: { pack: 'echo' } });
    expect([otherPack.status, otherPack.body]).toEqual([listed.status, listed.body]);
    const refused = await app.post('/mcp?view=search', KEYS.wordOnly, through(9, 'echo_sum', { numbers: [1] }));
    expect(refused.body.error).toMatchObject({ message: expect.stringMatching(/not allowed/) });
    const allowed = await app.post('/mcp?view=search', KEYS.wordOnly, through(10, 'word_upper', { word: 'hi' }));
    expect(allowed.body.result.structuredContent).toEqual({ word: 'HI' });
  });

  it('call_tool spends the same budget as a direct call and writes the same audit line; search_tools spends none and writes none', async () => {
    const before = app.auditLines().length;
    for (let id = 0; id < 5; id += 1) expect(names(await app.post('/mcp?view=search', KEYS.metered, search(20 + id, 'sum')))[0]).toBe('echo_sum');
    const first = await app.post('/mcp?view=search', KEYS.metered, through(30, 'echo_sum', { numbers: [1] }));
    const second = await app.post('/mcp', KEYS.metered, call(31, 'echo_sum', { numbers: [1] }));
    const third = await app.post('/mcp?view=search', KEYS.metered, through(32, 'echo_sum', { numbers: [1] }));
    expect(first.body.result._meta['dev.toolgate/budget'].day.remaining).toBe(1);
    expect(second.body.result._meta['dev.toolgate/budget'].day.remaining).toBe(0);
    expect(third.body.error).toMatchObject({ code: -32029, message: expect.stringMatching(/daily quota of 2 tool calls/) });
    expect(app.auditLines().slice(before)).toEqual([
      { caller: 'metered', pack: 'echo', tool: 'sum', outcome: 'ok' },
      { caller: 'metered', pack: 'echo', tool: 'sum', outcome: 'ok' },
      { caller: 'metered', pack: 'echo', tool: 'sum', outcome: 'over_quota' },
    ]);
  });

  it.each([
    ['search_tools', {}, /search_tools: query: .*expected string/],
    ['search_tools', { query: '   ' }, /query: Too small/],
    ['search_tools', { query: 5 }, /query: .*expected string/],
    ['search_tools', { query: 'x'.repeat(501) }, /query: Too big/],
    ['search_tools', { query: 'sum', limit: 0 }, /limit: Too small/],
    ['search_tools', { query: 'sum', limit: 21 }, /limit: Too big/],
    ['search_tools', { query: 'sum', page: 2 }, /Unrecognized key: "page"/],
    ['call_tool', {}, /call_tool: name: .*expected string/],
    ['call_tool', { name: 7 }, /name: .*expected string/],
    ['call_tool', { name: 'echo_sum', arguments: [1, 2] }, /arguments: .*expected record/],
    ['call_tool', { name: 'echo_sum', arguments: 'numbers: 1, 2' }, /arguments: .*expected record/],
  ])('%s with %j is a clear error the model can act on', async (tool, args, message) => {
    const answer = await app.post('/mcp?view=search', KEYS.all, call(40, tool, args));
    expect(answer.status).toBe(200);
    expect(answer.body.result.isError).toBe(true);
    expect(answer.body.result.content[0].text).toMatch(/^Input validation error: Invalid arguments for tool /);
    expect(answer.body.result.content[0].text).toMatch(message);
  });

  it('an unknown view is refused, naming the views there are', async () => {
    const answer = await app.post('/mcp?view=nope', KEYS.all, rpc(1, 'tools/list'));
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/views: search/);
  });
});

describe('?view=search for a 2026-07-28 client', () => {
  it('answers as the endpoint does: resultType, the server in _meta, Mcp-Name naming search_tools or call_tool', async () => {
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const app = createApp({ packs: [{ pack: echoPack, segment: 'echo' }], logger: createLogger({ level: 'silent' }), metrics: createMetrics({ collectProcessMetrics: false }) });
    const modern = (name: string, args: Record<string, unknown>) =>
      request(app).post('/mcp?view=search').set({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name }).send(rpc(1, 'tools/call', { name, arguments: args, _meta: envelope }));
    const found = await modern('search_tools', { query: 'sum' });
    expect(found.body.result).toMatchObject({ resultType: 'complete', structuredContent: { tools: [{ name: 'echo_sum' }] }, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolgate' } } });
    const called = await modern('call_tool', { name: 'echo_sum', arguments: { numbers: [2] } });
    expect(called.body.result).toMatchObject({ structuredContent: { sum: 2, count: 1 }, resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolgate' } } });
  });
});

describe('the search index follows a fronted server’s tool list', () => {
  it('finds a tool the server adds after the index was first built, and no longer the one it dropped', async () => {
    let tools: RemoteListedTool[] = [{ name: 'forecast', description: 'Weather forecast for a city', inputSchema: { type: 'object' } }];
    const remote = definePack({ name: 'remote', version: '1', tools: [], remoteTools: { list: () => tools, call: async (name) => ({ content: [{ type: 'text', text: name }] }) } });
    const app = createApp({ packs: [{ pack: remote, segment: 'remote' }], logger: createLogger({ level: 'silent' }), metrics: createMetrics({ collectProcessMetrics: false }) });
    const found = async (query: string) => ((await request(app).post('/remote/mcp?view=search').send(search(1, query))).body.result as Found).structuredContent.tools.map(({ name }) => name);
    expect(await found('weather')).toEqual(['forecast']);
    tools = [{ name: 'tides', description: 'Tide tables for a harbour', inputSchema: { type: 'object' } }];
    expect(await found('weather')).toEqual([]);
    expect(await found('tide')).toEqual(['tides']);
    expect((await request(app).post('/mcp?view=search').send(through(2, 'remote_tides', {}))).body.result.content).toEqual([{ type: 'text', text: 'tides' }]);
  });
});
