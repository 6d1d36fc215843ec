import { resolvePathVariables } from '../src/config.ts';

describe('resolvePathVariables: a *_FILE or *_DIR path is the user\'s, resolved where the command was typed', () => {
  it('resolves relative values against INIT_CWD (set by pnpm to the folder the user typed in)', () => {
    const env = resolvePathVariables({ INIT_CWD: '/home/me/toolgate', QUOTES_DATA_DIR: 'services/quotes/data/quotable', MCP_SERVERS_FILE: './mcp.json', API_KEYS_FILE: ' ../keys.yaml ' }, '/home/me/toolgate/services/gateway');
    expect(env).toMatchObject({ QUOTES_DATA_DIR: '/home/me/toolgate/services/quotes/data/quotable', MCP_SERVERS_FILE: '/home/me/toolgate/mcp.json', API_KEYS_FILE: '/home/me/keys.yaml' });
  });

  it('without INIT_CWD (node run directly, a container), against the working directory', () => {
    expect(resolvePathVariables({ MCP_SERVERS_FILE: 'mcp.json' }, '/srv/app').MCP_SERVERS_FILE).toBe('/srv/app/mcp.json');
  });

  it('leaves absolute paths, blank values and every other variable as they are', () => {
    const env = { INIT_CWD: '/x', API_KEYS_FILE: '/etc/toolgate-keys/keys.yaml', QUOTES_DATA_DIR: '', API_KEYS: 'a/b', PUBLIC_URL: 'docs/x' };
    expect(resolvePathVariables(env, '/y')).toEqual(env);
  });
});
