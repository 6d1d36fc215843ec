import { Writable } from 'node:stream';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { apiKeyAuth, ConfigError, createApp, createGuards, createLogger, createMetrics, definePack, defineTool, oauthConfigOf, parseEnv, securityEnvSchema, serve, type RemoteListedTool, type RunningServer } from '../src/index.ts';
import type { MountedPack } from '../src/server/create-app.ts';
import { echoPack } from './echo-pack.ts';

const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** A second built-in pack, so names from two packs meet at /mcp. */
const clockPack = definePack({
  name: 'clock',
  version: '2.0.0',
  instructions: 'Tells the time.',
  tools: [
    defineTool({
      name: 'now',
      title: 'Now',
      description: 'The time, fixed for the test.',
      inputSchema: z.object({}),
      outputSchema: z.object({ iso: z.string() }),
      async handler() {
        return { iso: '2026-11-26T00:00:00.000Z' };
      },
    }),
  ],
});

/** A pack fronting another MCP server (packages/federation's shape): its list changes by being replaced. */
function remotePack(name = 'remote') {
  const state = { tools: [{ name: 'lookup', title: 'Look up', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }] as RemoteListedTool[] };
  const calls: { name: string; args: unknown }[] = [];
  const pack = definePack({
    name,
    version: '0.0.0',
    tools: [],
    remoteTools: {
      list: () => state.tools,
      call: async (tool, args) => {
        calls.push({ name: tool, args });
        return { content: [{ type: 'text', text: `${tool}:${JSON.stringify(args)}` }], structuredContent: { tool } };
      },
    },
  });
  return { pack, state, calls };
}

function logLines() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, sink), lines };
}

const rpc = (method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) });

function appOf(packs: MountedPack[], overrides: Partial<Parameters<typeof createApp>[0]> = {}) {
  return createApp({ packs, logger: createLogger({ level: 'silent' }), metrics: createMetrics({ collectProcessMetrics: false }), ...overrides });
}

describe('the combined endpoint /mcp', () => {
  const remote = remotePack();
  const packs: MountedPack[] = [
    { pack: echoPack, segment: 'echo' },
    { pack: clockPack, segment: 'time' },
    { pack: remote.pack, segment: 'remote' },
  ];
  const app = appOf(packs);

  it('lists every pack\'s tools as <pack>_<tool>, each otherwise as its pack lists it', async () => {
    const combined = (await request(app).post('/mcp').send(rpc('tools/list'))).body.result.tools;
    expect(combined.map((tool: { name: string }) => tool.name)).toEqual(['echo_echo', 'echo_sum', 'clock_now', 'remote_lookup']);
    const own = [
      ...(await request(app).post('/echo/mcp').send(rpc('tools/list'))).body.result.tools,
      ...(await request(app).post('/time/mcp').send(rpc('tools/list'))).body.result.tools,
      ...(await request(app).post('/remote/mcp').send(rpc('tools/list'))).body.result.tools,
    ];
    expect(combined).toEqual(own.map((tool, index) => ({ ...tool, name: combined[index].name })));
  });

  it('routes a call to the owning pack by its own name and answers with the pack\'s result', async () => {
    const args = { numbers: [1, 2.5] };
    const combined = await request(app).post('/mcp').send(rpc('tools/call', { name: 'echo_sum', arguments: args }));
    const own = await request(app).post('/echo/mcp').send(rpc('tools/call', { name: 'sum', arguments: args }));
    expect(combined.body).toEqual(own.body);
    expect(combined.body.result.structuredContent).toEqual({ sum: 3.5, count: 2 });
    const failed = await request(app).post('/mcp').send(rpc('tools/call', { name: 'echo_echo', arguments: { text: 'fail' } }));
    expect(failed.body.result).toEqual({ content: [{ type: 'text', text: 'asked to fail' }], isError: true });
    const forwarded = await request(app).post('/mcp').send(rpc('tools/call', { name: 'remote_lookup', arguments: { q: 'x' } }));
    expect(forwarded.body.result.structuredContent).toEqual({ tool: 'lookup' });
    expect(remote.calls.at(-1)).toEqual({ name: 'lookup', args: { q: 'x' } });
  });

  it('says how tools are named when a call names none of them', async () => {
    for (const name of ['sum', 'echo_nothing', 'clock_now_', 'time_now']) {
      const response = await request(app).post('/mcp').send(rpc('tools/call', { name }));
      expect(response.body.error).toEqual({ code: -32602, message: `Tool ${name} not found: at /mcp each tool is named <pack>_<tool> (packs here: echo, clock, remote)` });
    }
    expect((await request(app).post('/mcp').send(rpc('tools/call', {}))).body.error.code).toBe(-32602);
  });

  it('says at initialize that it is the combined endpoint, with each pack\'s instructions', async () => {
    const response = await request(app).post('/mcp').send(rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect(response.body.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'toolgate', title: 'toolgate: every pack at one URL' }, capabilities: { tools: { listChanged: false } } });
    expect(response.body.result.instructions).toBe('Every toolgate pack at one URL (echo, clock, remote): each tool is named <pack>_<tool>.\n\nclock: Tells the time.');
    expect((await request(app).post('/mcp').send(rpc('ping'))).body.result).toEqual({});
    expect((await request(app).post('/mcp').send(rpc('resources/list'))).body.error.code).toBe(-32601);
  });

  it('answers 2026-07-28 requests with its own identity in _meta, and checks Mcp-Name against the combined name', async () => {
    const modern = (method: string, name?: string) =>
      request(app)
        .post('/mcp')
        .set({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) })
        .send(rpc(method, { ...(name ? { name, arguments: {} } : {}), _meta: ENVELOPE }));
    const listed = await modern('tools/list');
    expect(listed.body.result).toMatchObject({ resultType: 'complete', ttlMs: 30_000, cacheScope: 'public', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolgate' } } });
    const called = await modern('tools/call', 'clock_now');
    expect(called.body.result).toMatchObject({ structuredContent: { iso: '2026-11-26T00:00:00.000Z' }, resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolgate' } } });
    expect((await modern('server/discover')).body.result).toMatchObject({ supportedVersions: ['2026-07-28'], _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolgate' } } });
    const mismatch = await request(app)
      .post('/mcp')
      .set({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'now' })
      .send(rpc('tools/call', { name: 'clock_now', arguments: {}, _meta: ENVELOPE }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe(-32020);
  });

  it('answers a batch across packs', async () => {
    const response = await request(app)
      .post('/mcp')
      .send([
        { ...rpc('tools/call', { name: 'clock_now' }), id: 1 },
        { ...rpc('tools/call', { name: 'echo_echo', arguments: { text: 'hi' } }), id: 2 },
      ]);
    expect(response.body.map((answer: { result: { structuredContent: unknown } }) => answer.result.structuredContent)).toEqual([{ iso: '2026-11-26T00:00:00.000Z' }, { text: 'hi', length: 2 }]);
  });

  it('reflects a remote pack\'s changed list in the list and the calls', async () => {
    const { pack, state } = remotePack('fed');
    const changing = appOf([{ pack, segment: 'fed' }]);
    state.tools = [{ name: 'added', inputSchema: { type: 'object' } }];
    expect((await request(changing).post('/mcp').send(rpc('tools/list'))).body.result.tools).toEqual([{ name: 'fed_added', inputSchema: { type: 'object' } }]);
    expect((await request(changing).post('/mcp').send(rpc('tools/call', { name: 'fed_added' }))).body.result.structuredContent).toEqual({ tool: 'added' });
    expect((await request(changing).post('/mcp').send(rpc('tools/call', { name: 'fed_lookup' }))).body.error.code).toBe(-32602);
  });

  it('is a path of its own: /mcp/ and /MCP are 404, a browser is sent to the page, a pack at /mcp/mcp keeps its path', async () => {
    expect((await request(app).post('/mcp/').send(rpc('tools/list'))).status).toBe(404);
    expect((await request(app).post('/MCP').send(rpc('tools/list'))).status).toBe(404);
    expect((await request(app).get('/mcp')).status).toBe(405);
    const browser = await request(app).get('/mcp').set('accept', 'text/html');
    expect(browser.status).toBe(303);
    expect(browser.headers.location).toBe('/#one-url');
    const mcpSegment = appOf([{ pack: echoPack, segment: 'mcp' }]);
    expect((await request(mcpSegment).post('/mcp/mcp').send(rpc('tools/call', { name: 'echo', arguments: { text: 'a' } }))).body.result.structuredContent).toEqual({ text: 'a', length: 1 });
    expect((await request(mcpSegment).post('/mcp').send(rpc('tools/call', { name: 'echo_echo', arguments: { text: 'b' } }))).body.result.structuredContent).toEqual({ text: 'b', length: 1 });
  });

  it('is behind the same guards as every pack', async () => {
    const keyed = appOf([{ pack: echoPack, segment: 'echo' }], { guards: [apiKeyAuth({ keys: ['k-123456789'], logger: createLogger({ level: 'silent' }) })] });
    const refused = await request(keyed).post('/mcp').send(rpc('tools/list'));
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe(-32001);
    const allowed = await request(keyed).post('/mcp').set('authorization', 'Bearer k-123456789').send(rpc('tools/list'));
    expect(allowed.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual(['echo_echo', 'echo_sum']);
  });

  it('is an OAuth protected resource of its own: PUBLIC_URL/mcp, with its metadata', async () => {
    const env = parseEnv(securityEnvSchema, { OAUTH_ISSUER: 'https://auth.example.com', PUBLIC_URL: 'https://tools.example.com' });
    const guards = await createGuards(env, createLogger({ level: 'silent' }));
    const oauthApp = appOf([{ pack: echoPack, segment: 'echo' }], { guards: guards.handlers, oauth: oauthConfigOf(env) });
    const refused = await request(oauthApp).post('/mcp').send(rpc('tools/list'));
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer resource_metadata="https://tools.example.com/.well-known/oauth-protected-resource/mcp"');
    const metadata = await request(oauthApp).get('/.well-known/oauth-protected-resource/mcp');
    expect(metadata.body).toMatchObject({ resource: 'https://tools.example.com/mcp', authorization_servers: ['https://auth.example.com'] });
    await guards.close();
  });
});

describe('what /mcp serves: COMBINED_INCLUDE and COMBINED_EXCLUDE', () => {
  const packs: MountedPack[] = [
    { pack: echoPack, segment: 'echo' },
    { pack: clockPack, segment: 'clock' },
  ];
  const names = async (combined: { include?: string[]; exclude?: string[] }) => {
    const app = appOf(packs, { combined });
    return (await request(app).post('/mcp').send(rpc('tools/list'))).body.result.tools.map((tool: { name: string }) => tool.name);
  };

  it('includes packs and single tools, and excludes after including', async () => {
    expect(await names({ include: ['clock'] })).toEqual(['clock_now']);
    expect(await names({ include: ['echo/sum', 'clock'] })).toEqual(['echo_sum', 'clock_now']);
    expect(await names({ exclude: ['echo'] })).toEqual(['clock_now']);
    expect(await names({ include: ['echo'], exclude: ['echo/echo'] })).toEqual(['echo_sum']);
  });

  it('refuses a call of a tool left out, and leaves the pack\'s own URL alone', async () => {
    const app = appOf(packs, { combined: { exclude: ['echo/sum'] } });
    expect((await request(app).post('/mcp').send(rpc('tools/call', { name: 'echo_sum', arguments: { numbers: [1] } }))).body.error.code).toBe(-32602);
    expect((await request(app).post('/echo/mcp').send(rpc('tools/call', { name: 'sum', arguments: { numbers: [1] } }))).body.result.structuredContent).toEqual({ sum: 1, count: 1 });
  });

  it('refuses to start on an unknown pack or tool, naming the variable', () => {
    const start = (combined: { include?: string[]; exclude?: string[] }) => () => appOf(packs, { combined });
    expect(start({ include: ['nope'] })).toThrow(ConfigError);
    expect(start({ include: ['nope'] })).toThrow('COMBINED_INCLUDE: no pack "nope" is served here; served: echo, clock');
    expect(start({ exclude: ['echo/nope'] })).toThrow('COMBINED_EXCLUDE: the pack "echo" has no tool "nope"');
    expect(start({ exclude: ['echo/sum/x'] })).toThrow('COMBINED_EXCLUDE: "echo/sum/x" is not <pack> or <pack>/<tool>');
    // A remote pack's tools are its server's to change: not checked at start.
    expect(() => appOf([{ pack: remotePack().pack, segment: 'remote' }], { combined: { include: ['remote/later'] } })).not.toThrow();
  });
});

describe('names that do not fit at /mcp', () => {
  it('leaves out a name over 64 characters or outside [a-zA-Z0-9_-], logs it once, and keeps it at the pack\'s URL', async () => {
    const { pack, state } = remotePack('fed');
    state.tools = [
      { name: 'fine', inputSchema: { type: 'object' } },
      { name: 'x'.repeat(61), inputSchema: { type: 'object' } },
      { name: 'x'.repeat(60), inputSchema: { type: 'object' } },
      { name: 'dotted.name', inputSchema: { type: 'object' } },
    ];
    const { logger, lines } = logLines();
    const app = createApp({ packs: [{ pack, segment: 'fed' }], logger, metrics: createMetrics({ collectProcessMetrics: false }) });
    for (let round = 0; round < 2; round += 1) {
      const listed = (await request(app).post('/mcp').send(rpc('tools/list'))).body.result.tools.map((tool: { name: string }) => tool.name);
      expect(listed).toEqual(['fed_fine', `fed_${'x'.repeat(60)}`]);
    }
    expect(`fed_${'x'.repeat(60)}`).toHaveLength(64);
    expect((await request(app).post('/mcp').send(rpc('tools/call', { name: 'fed_dotted.name' }))).body.error.code).toBe(-32602);
    expect((await request(app).post('/fed/mcp').send(rpc('tools/call', { name: 'dotted.name' }))).body.result.structuredContent).toEqual({ tool: 'dotted.name' });
    expect(lines.map((line) => line.msg)).toEqual([
      `/mcp: fed/${'x'.repeat(61)} is left out: "fed_${'x'.repeat(61)}" is not 1 to 64 letters, digits, "_" or "-"; it stays at the pack's own URL`,
      '/mcp: fed/dotted.name is left out: "fed_dotted.name" is not 1 to 64 letters, digits, "_" or "-"; it stays at the pack\'s own URL',
    ]);
  });

  it('gives a name two packs would both take to the pack served first, and logs the other', async () => {
    const first = remotePack('a');
    first.state.tools = [{ name: 'b_c', inputSchema: { type: 'object' } }];
    const second = remotePack('a_b');
    second.state.tools = [{ name: 'c', inputSchema: { type: 'object' } }, { name: 'd', inputSchema: { type: 'object' } }];
    const { logger, lines } = logLines();
    const app = createApp({ packs: [{ pack: first.pack, segment: 'a' }, { pack: second.pack, segment: 'a_b' }], logger, metrics: createMetrics({ collectProcessMetrics: false }) });
    expect((await request(app).post('/mcp').send(rpc('tools/list'))).body.result.tools.map((tool: { name: string }) => tool.name)).toEqual(['a_b_c', 'a_b_d']);
    await request(app).post('/mcp').send(rpc('tools/call', { name: 'a_b_c' }));
    expect(first.calls).toEqual([{ name: 'b_c', args: undefined }]);
    expect(second.calls).toEqual([]);
    expect(lines.map((line) => line.msg)).toEqual(['/mcp: a_b/c is left out: "a_b_c" is already a/b_c\'s; it stays at the pack\'s own URL']);
  });
});

describe('real MCP clients at /mcp', () => {
  let running: RunningServer;
  let endpoint: URL;
  beforeAll(async () => {
    const app = appOf([
      { pack: echoPack, segment: 'echo' },
      { pack: clockPack, segment: 'clock' },
      { pack: remotePack().pack, segment: 'remote' },
    ]);
    running = await serve(app, { port: 0, host: '127.0.0.1', logger: createLogger({ level: 'silent' }) });
    endpoint = new URL(`${running.url}/mcp`);
  });
  afterAll(() => running.close());

  it('the v1 SDK client initializes, lists every pack\'s tools and calls three packs', async () => {
    const client = new ClientV1({ name: 'v1-client', version: '1.0.0' });
    await client.connect(new TransportV1(endpoint));
    try {
      expect(client.getServerVersion()).toEqual({ name: 'toolgate', title: 'toolgate: every pack at one URL', version: '0.1.0' });
      expect((await client.listTools()).tools.map(({ name }) => name)).toEqual(['echo_echo', 'echo_sum', 'clock_now', 'remote_lookup']);
      expect((await client.callTool({ name: 'echo_sum', arguments: { numbers: [2, 3] } })).structuredContent).toEqual({ sum: 5, count: 2 });
      expect((await client.callTool({ name: 'clock_now', arguments: {} })).structuredContent).toEqual({ iso: '2026-11-26T00:00:00.000Z' });
      expect((await client.callTool({ name: 'remote_lookup', arguments: { q: 'z' } })).content).toEqual([{ type: 'text', text: 'lookup:{"q":"z"}' }]);
    } finally {
      await client.close();
    }
  });

  it('the v2 client pinned to 2026-07-28 lists and calls', async () => {
    const client = new ClientV2({ name: 'v2-modern', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new TransportV2(endpoint));
    try {
      expect(client.getProtocolEra()).toBe('modern');
      expect((await client.listTools()).tools.map(({ name }) => name)).toEqual(['echo_echo', 'echo_sum', 'clock_now', 'remote_lookup']);
      expect((await client.callTool({ name: 'echo_echo', arguments: { text: 'modern' } })).structuredContent).toEqual({ text: 'modern', length: 6 });
    } finally {
      await client.close();
    }
  });
});
