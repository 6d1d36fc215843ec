import { fileURLToPath } from 'node:url';
import { freePort } from '@toolgate/test-support';
import { runTyped } from './support/typed-command.ts';

/** pnpm and a gateway start: slow on a loaded machine, so each test has two minutes. */
const STARTS = 120_000;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const listAuthors = async (url: string) => {
  const response = await fetch(`${url}/quotes/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_authors', arguments: {} } }),
  });
  return ((await response.json()) as { result: { structuredContent: { total: number } } }).result.structuredContent.total;
};

// pnpm runs the gateway in services/gateway/; a path the user typed is theirs: relative to where they typed it.
describe('a relative path given to pnpm start is looked up where the command was typed', () => {
  /** Starts `command` in `cwd` with QUOTES_DATA_DIR as typed; answers how many authors the quotes pack serves. */
  async function authorsServed(command: string, cwd: string, dataDir: string) {
    const port = await freePort();
    const gateway = runTyped(command, { cwd, env: { QUOTES_DATA_DIR: dataDir, PORT: String(port), TOOLGATE_PACKS: 'quotes', LOG_LEVEL: 'warn' } });
    try {
      await gateway.healthy(`http://127.0.0.1:${port}`);
      return await listAuthors(`http://127.0.0.1:${port}`);
    } finally {
      await gateway.stop();
    }
  }

  // 749 authors with quotes: the full corpus (the starter has 103).
  it('QUOTES_DATA_DIR=services/quotes/data/quotable pnpm start, typed at the root, serves the committed Quotable corpus', async () => {
    expect(await authorsServed('pnpm start', repoRoot, 'services/quotes/data/quotable')).toBe(749);
  }, STARTS);

  it('typed in services/quotes/, the same variable is relative to that folder', async () => {
    expect(await authorsServed('pnpm --filter @toolgate/gateway start', `${repoRoot}services/quotes`, 'data/quotable')).toBe(749);
  }, STARTS);

  it('a path that leads nowhere stops the start with the absolute path it looked up, and the variable named', async () => {
    // As pnpm runs it: in services/gateway/, INIT_CWD the root where `pnpm start` was typed.
    const start = async (env: Record<string, string>) => {
      const gateway = runTyped(`'${process.execPath}' src/main.ts`, { cwd: `${repoRoot}services/gateway`, env: { INIT_CWD: repoRoot, PORT: '0', TOOLGATE_PACKS: 'quotes', LOG_LEVEL: 'warn', ...env } });
      expect(await gateway.exited).toBe(1);
      return gateway.output();
    };
    expect(await start({ QUOTES_DATA_DIR: 'services/quotes/data/missing' })).toBe(
      `gateway: invalid configuration:\n  QUOTES_DATA_DIR: ${repoRoot}services/quotes/data/missing/quotes.json: no such file (ENOENT)\n`,
    );
    expect(await start({ API_KEYS_FILE: './keys.yaml' })).toBe(`gateway: invalid configuration:\n  API_KEYS_FILE: cannot read ${repoRoot}keys.yaml (no such file)\n`);
    expect(await start({ MCP_SERVERS_FILE: './mcp-servers.json' })).toBe(`gateway: invalid configuration:\n  MCP_SERVERS_FILE ${repoRoot}mcp-servers.json: cannot be read (ENOENT)\n`);
  }, STARTS);
});
