import { ConfigError } from '@toolgate/core';
import { readServersFile } from '../src/index.ts';
import { BUILT_IN, writeServersFile } from './support/federated-gateway.ts';

const read = (content: unknown, env: NodeJS.ProcessEnv = {}) => {
  const path = writeServersFile(content);
  return { path, entries: () => readServersFile(path, env, BUILT_IN) };
};

/** The refusal's text: one line after the "invalid configuration" header, as every start problem reads. */
function refusal(content: unknown, env: NodeJS.ProcessEnv = {}): { path: string; line: string } {
  const { path, entries } = read(content, env);
  try {
    entries();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as Error).message.split('\n');
    expect(lines).toHaveLength(2);
    return { path, line: lines[1]! };
  }
  throw new Error('the file was accepted');
}

describe('the mcpServers file (MCP_SERVERS_FILE)', () => {
  it('reads Claude Desktop / Cursor entries: a URL with headers, a command with args and env', () => {
    const { entries } = read({
      mcpServers: {
        github: { url: 'https://api.example.com/mcp/', headers: { Authorization: 'Bearer ${GITHUB_TOKEN}' } },
        memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: '${HOME_DIR}/memory.jsonl' } },
      },
    }, { GITHUB_TOKEN: 'ghp_secret', HOME_DIR: '/data' });
    const [github, memory] = entries();
    expect(github).toMatchObject({ name: 'github', transport: 'http', headers: { Authorization: 'Bearer ghp_secret' } });
    expect(String((github as { url: URL }).url)).toBe('https://api.example.com/mcp/');
    expect(github!.secrets).toEqual(expect.arrayContaining(['ghp_secret', 'Bearer ghp_secret']));
    expect(memory).toMatchObject({ name: 'memory', transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: '/data/memory.jsonl' } });
  });

  it("reads VS Code's `servers` key and `type` field, and a literal `$${`", () => {
    const { entries } = read({ servers: { remote: { type: 'http', url: 'http://127.0.0.1:9/mcp' }, local: { type: 'stdio', command: 'node', args: ['$${NOT_A_VAR}'] } } });
    expect(entries().map(({ name, transport }) => [name, transport])).toEqual([['remote', 'http'], ['local', 'stdio']]);
    expect(entries()[1]).toMatchObject({ args: ['${NOT_A_VAR}'] });
  });

  it('refuses a file that is not JSON, naming the file', () => {
    const { path, line } = refusal('{"mcpServers": {');
    expect(line).toMatch(new RegExp(`^  MCP_SERVERS_FILE ${path}: is not JSON`));
  });

  it('refuses a file without mcpServers or servers', () => {
    expect(refusal({ servers: [] }).line).toMatch(/needs an object under "mcpServers"/);
  });

  it('refuses an unknown type, naming the entry', () => {
    const { path, line } = refusal({ mcpServers: { old: { type: 'sse', url: 'http://127.0.0.1:9/sse' } } });
    expect(line).toBe(`  MCP_SERVERS_FILE ${path} entry "old": unknown type "sse"; toolgate reaches servers over "http" (Streamable HTTP) or "stdio"`);
  });

  it('refuses a name that clashes with a built-in pack', () => {
    expect(refusal({ mcpServers: { quotes: { url: 'http://127.0.0.1:9/mcp' } } }).line).toMatch(/entry "quotes": the name clashes with the built-in pack "quotes"/);
  });

  it('refuses a name that cannot be a path segment', () => {
    expect(refusal({ mcpServers: { 'My Server': { url: 'http://127.0.0.1:9/mcp' } } }).line).toMatch(/entry "My Server": the name must be lower-case/);
  });

  it('refuses unknown fields and bad URLs, naming the field but never a value', () => {
    // Plain words (issue 42, point 6): no field of the entry is blamed for it, the close one is offered.
    const { path, line } = refusal({ mcpServers: { a: { url: 'http://127.0.0.1:9/mcp', header: {} } } });
    expect(line).toBe(
      `  MCP_SERVERS_FILE ${path} entry "a": unknown field "header" (did you mean "headers"?): an http entry takes type, allowTools, denyTools, toolChanges, url, headers`,
    );
    expect(refusal({ mcpServers: { a: { command: 'node', cwdir: '/', Env: {} } } }).line).toMatch(
      /entry "a": unknown fields "cwdir", "Env" \(did you mean "env"\?\): a stdio entry takes type, allowTools, denyTools, toolChanges, command, args, env, cwd$/,
    );
    const bad = refusal({ mcpServers: { a: { url: 'ftp://${SECRET_HOST}/mcp' } } }, { SECRET_HOST: 'hidden-host-name' });
    expect(bad.line).toMatch(/entry "a": url: not an http\(s\) URL/);
    expect(bad.line).not.toContain('hidden-host-name');
    expect(refusal({ mcpServers: { a: { type: 'http', command: 'node' } } }).line).toMatch(/entry "a": .*url/);
    expect(refusal({ mcpServers: { a: {} } }).line).toMatch(/entry "a": url/);
  });

  it('refuses a variable that is not set, naming it but not guessing a value', () => {
    expect(refusal({ mcpServers: { a: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer ${MISSING_TOKEN}' } } } }).line).toMatch(
      /entry "a": names unset variable\(s\) MISSING_TOKEN$/,
    );
  });

  it('refuses a file that cannot be read', () => {
    expect(() => readServersFile('/nonexistent/mcp.json', {}, BUILT_IN)).toThrow(/MCP_SERVERS_FILE \/nonexistent\/mcp.json: cannot be read \(ENOENT\)/);
  });
});
