import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { startServer, type RunningServer } from '../../src/index.ts';
import { echoModule } from '../support/echo-module.ts';
import { wordModule, writePolicyFile } from '../support/policy-fixtures.ts';

const KEYS = { sumOnly: 'key-sum-only-0001', wordOnly: 'key-word-only-0002', everything: 'key-everything-0003' };
const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

async function connect(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'one-url-policy-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

/** The per-key policy (API_KEYS_FILE) at the combined endpoint: applied by each pack's own dispatcher, once. */
describe('/mcp shows and calls what the caller\'s policy allows', () => {
  let gateway: RunningServer;

  beforeAll(async () => {
    const path = writePolicyFile([
      { name: 'sum-only', key: KEYS.sumOnly, tools: ['echo/sum'] },
      { name: 'word-only', key: KEYS.wordOnly, packs: ['word'] },
      { name: 'everything', key: KEYS.everything },
    ]);
    gateway = await startServer({ service: 't', modules: [echoModule, wordModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', API_KEYS_FILE: path } });
  });
  afterAll(() => gateway.close());

  it.each([
    ['sum-only', KEYS.sumOnly, ['echo_sum']],
    ['word-only', KEYS.wordOnly, ['word_upper']],
    ['everything', KEYS.everything, ['echo_echo', 'echo_sum', 'word_upper']],
  ])('the %s key lists only its tools through the SDK client', async (_name, key, tools) => {
    const client = await connect(`${gateway.url}/mcp`, key);
    try {
      expect((await client.listTools()).tools.map(({ name }) => name)).toEqual(tools);
    } finally {
      await client.close();
    }
  });

  it('a tool the key may not call is refused as not allowed, by the pack\'s policy, and an allowed one answers', async () => {
    const client = await connect(`${gateway.url}/mcp`, KEYS.sumOnly);
    try {
      expect((await client.callTool({ name: 'echo_sum', arguments: { numbers: [1, 2] } })).structuredContent).toEqual({ sum: 3, count: 2 });
      for (const name of ['echo_echo', 'word_upper']) {
        const refusal = await client.callTool({ name, arguments: {} }).catch((error: unknown) => error);
        expect(refusal).toBeInstanceOf(McpError);
        expect(refusal).toMatchObject({ code: -32003, message: expect.stringMatching(/^MCP error -32003: Forbidden: the tool (echo|upper) is not allowed for this key$/) });
      }
    } finally {
      await client.close();
    }
  });

  it('a restricted key is told only of the packs it may use: at an unknown tool, and at initialize (issue 37)', async () => {
    const unknown = async (key: string) => {
      const response = await fetch(`${gateway.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'nope', arguments: {} } }),
      });
      return ((await response.json()) as { error: { message: string } }).error.message;
    };
    expect(await unknown(KEYS.sumOnly)).toBe('Tool nope not found: at /mcp each tool is named <pack>_<tool> (packs here: echo)');
    expect(await unknown(KEYS.wordOnly)).toBe('Tool nope not found: at /mcp each tool is named <pack>_<tool> (packs here: word)');
    expect(await unknown(KEYS.everything)).toBe('Tool nope not found: at /mcp each tool is named <pack>_<tool> (packs here: echo, word)');
    const instructionsOf = async (key: string) => {
      const client = await connect(`${gateway.url}/mcp`, key);
      try {
        return client.getInstructions() ?? '';
      } finally {
        await client.close();
      }
    };
    expect(await instructionsOf(KEYS.wordOnly)).toMatch(/^Every toolgate pack at one URL \(word\):/);
    expect(await instructionsOf(KEYS.wordOnly)).not.toMatch(/\becho\b/);
    expect(await instructionsOf(KEYS.everything)).toMatch(/^Every toolgate pack at one URL \(echo, word\):/);
  });

  it('a 2026-07-28 list filtered for a caller is marked private at /mcp too', async () => {
    const list = async (key: string) => {
      const response = await fetch(`${gateway.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: ENVELOPE } }),
      });
      return ((await response.json()) as { result: { cacheScope: string } }).result.cacheScope;
    };
    expect(await list(KEYS.sumOnly)).toBe('private');
    expect(await list(KEYS.everything)).toBe('public');
  });
});

describe('COMBINED_INCLUDE and COMBINED_EXCLUDE as the process reads them', () => {
  it('serves what they choose at /mcp, every tool at the packs\' own URLs', async () => {
    const gateway = await startServer({ service: 't', modules: [echoModule, wordModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', COMBINED_INCLUDE: ' echo , word', COMBINED_EXCLUDE: 'echo/echo' } });
    try {
      const list = async (path: string) => {
        const response = await fetch(`${gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
        return ((await response.json()) as { result: { tools: { name: string }[] } }).result.tools.map(({ name }) => name);
      };
      expect(await list('/mcp')).toEqual(['echo_sum', 'word_upper']);
      expect(await list('/echo/mcp')).toEqual(['echo', 'sum']);
    } finally {
      await gateway.close();
    }
  });

  it('refuse to start on a pack that is not served, naming the variable', async () => {
    await expect(startServer({ service: 't', modules: [echoModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', COMBINED_EXCLUDE: 'word' } })).rejects.toThrow(
      'COMBINED_EXCLUDE: no pack "word" is served here; served: echo',
    );
  });
});
