import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { startServer, type RunningServer } from '../../src/index.ts';
import { echoModule } from '../support/echo-module.ts';
import { wordModule, writePolicyFile } from '../support/policy-fixtures.ts';

const KEYS = { sumOnly: 'key-sum-only-0001', wordOnly: 'key-word-only-0002', everything: 'key-everything-0003', legacy: 'key-from-API_KEYS' };

async function connect(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'policy-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

describe('a caller sees and calls what its policy allows (API_KEYS_FILE), through the SDK client', () => {
  let gateway: RunningServer;
  const post = (pack: string, key: string, body: unknown) =>
    fetch(`${gateway.url}/${pack}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) });

  beforeAll(async () => {
    const path = writePolicyFile([
      { name: 'sum-only', key: KEYS.sumOnly, tools: ['echo/sum'] },
      { name: 'word-only', key: KEYS.wordOnly, packs: ['word'] },
      { name: 'everything', key: KEYS.everything },
    ]);
    gateway = await startServer({ service: 't', modules: [echoModule, wordModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', API_KEYS_FILE: path, API_KEYS: KEYS.legacy } });
  });
  afterAll(() => gateway.close());

  it('tools/list shows only the allowed tools, and the allowed tool answers', async () => {
    const client = await connect(`${gateway.url}/echo/mcp`, KEYS.sumOnly);
    try {
      expect((await client.listTools()).tools.map(({ name }) => name)).toEqual(['sum']);
      expect((await client.callTool({ name: 'sum', arguments: { numbers: [1, 2] } })).structuredContent).toEqual({ sum: 3, count: 2 });
    } finally {
      await client.close();
    }
  });

  it('a call to another tool is refused as not allowed for this key, not as an unknown tool', async () => {
    const client = await connect(`${gateway.url}/echo/mcp`, KEYS.sumOnly);
    try {
      const refusal = await client.callTool({ name: 'echo', arguments: { text: 'hi' } }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(McpError);
      expect(refusal).toMatchObject({ code: -32003, message: expect.stringContaining('the tool echo is not allowed for this key') });
    } finally {
      await client.close();
    }
    const raw = await post('echo', KEYS.sumOnly, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual({ jsonrpc: '2.0', id: 4, error: { code: -32003, message: 'Forbidden: the tool echo is not allowed for this key', data: { pack: 'echo', tool: 'echo' } } });
  });

  it('a pack the key may not use is a 403 with a JSON-RPC body echoing the id', async () => {
    const response = await post('echo', KEYS.wordOnly, { jsonrpc: '2.0', id: 'w1', method: 'tools/list' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 'w1', error: { code: -32003, message: 'Forbidden: the pack echo is not allowed for this key', data: { pack: 'echo' } } });
    const client = await connect(`${gateway.url}/word/mcp`, KEYS.wordOnly);
    try {
      expect((await client.listTools()).tools.map(({ name }) => name)).toEqual(['upper']);
    } finally {
      await client.close();
    }
  });

  it.each([['an unrestricted file key', KEYS.everything], ['an API_KEYS key', KEYS.legacy]])('%s sees every tool of every pack', async (_label, key) => {
    for (const [pack, tools] of [['echo', ['echo', 'sum']], ['word', ['upper']]] as const) {
      const client = await connect(`${gateway.url}/${pack}/mcp`, key);
      try {
        expect((await client.listTools()).tools.map(({ name }) => name)).toEqual(tools);
      } finally {
        await client.close();
      }
    }
  });

  it('a 2026-07-28 list filtered for a caller is marked private, not public', async () => {
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const list = (key: string) =>
      fetch(`${gateway.url}/echo/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } }),
      }).then((response) => response.json() as Promise<{ result: { tools: { name: string }[]; cacheScope: string } }>);
    const filtered = await list(KEYS.sumOnly);
    expect(filtered.result.tools.map(({ name }) => name)).toEqual(['sum']);
    expect(filtered.result.cacheScope).toBe('private');
    expect((await list(KEYS.everything)).result.cacheScope).toBe('public');
  });
});
