import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@toolgate/test-support';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

function serversFile(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'toolgate-gateway-')), 'mcp.json');
  writeFileSync(path, content);
  return path;
}

/** Runs `pnpm start`'s process with the given environment until it listens (resolves its URL) or exits. */
function startGateway(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

describe('MCP_SERVERS_FILE in the all-in-one gateway', () => {
  it('refuses a file entry that clashes with a built-in pack: one line naming the file and the entry, exit 1', async () => {
    const path = serversFile(JSON.stringify({ mcpServers: { chain: { url: 'http://127.0.0.1:9/mcp' } } }));
    const gateway = startGateway({ MCP_SERVERS_FILE: path, PORT: '0' });
    expect(await gateway.exited).toBe(1);
    expect(gateway.output()).toBe(
      `gateway: invalid configuration:\n  MCP_SERVERS_FILE ${path} entry "chain": the name clashes with the built-in pack "chain"; rename the entry\n`,
    );
  });

  it('starts with an unreachable server: the pack is down on /healthz, its calls are tool errors, the other packs serve', async () => {
    const port = await freePort();
    const deadPort = await freePort();
    const path = serversFile(JSON.stringify({ mcpServers: { away: { url: `http://127.0.0.1:${deadPort}/mcp` } } }));
    const gateway = startGateway({ MCP_SERVERS_FILE: path, PORT: String(port), TOOLGATE_PACKS: 'quotes,away', MCP_SERVER_TIMEOUT_MS: '1000' });
    try {
      const url = `http://127.0.0.1:${port}`;
      let health: { status: string; states: Record<string, { state: string; detail?: string }> } | undefined;
      for (let attempt = 0; attempt < 100 && !health; attempt += 1) {
        health = await fetch(`${url}/healthz`).then((response) => response.json() as never, () => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(health!.states['quotes']).toEqual({ state: 'ready' });
      expect(health!.states['away']).toMatchObject({ state: 'down', detail: expect.stringMatching(/ECONNREFUSED/) });
      // A monitor that reads one field sees it; readiness does not (docs/observability.md, "Health and readiness").
      expect(health!.status).toBe('degraded');
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const call = (pack: string, name: string, args: unknown) =>
        fetch(`${url}/${pack}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }) });
      const quote = await call('quotes', 'random_quote', {});
      expect(quote.status).toBe(200);
      expect(((await quote.json()) as { result: { isError?: boolean } }).result.isError).toBeUndefined();
      // The server was never reached, so its tools are unknown: the call says why, as a tool error.
      const away = await call('away', 'search', {});
      expect(away.status).toBe(200);
      const body = (await away.json()) as { result: { isError: boolean; content: { text: string }[] } };
      expect(body.result.isError).toBe(true);
      expect(body.result.content[0]!.text).toMatch(/^away: search is unavailable: the MCP server cannot be reached \(.*ECONNREFUSED.*\); try again later\.$/);
    } finally {
      gateway.child.kill('SIGTERM');
      await gateway.exited;
    }
  });
});
