import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@toolgate/test-support';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const serverEverything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

/** Until the condition holds: the test's own timeout catches a hang, nothing here is timed. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
}

const stop = async ({ child, exited }: { child: ChildProcess; exited: Promise<unknown> }) => {
  child.kill('SIGTERM');
  await exited;
};

/** The per-pack shape: one process (one image) serving one entry of the servers file. */
describe('services/remote: TOOLGATE_REMOTE=<entry>', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'toolgate-remote-')), 'mcp.json');

  it('serves that entry alone at /<name>/mcp, with /healthz naming its state', async () => {
    const upstreamPort = await freePort();
    const upstream = run([serverEverything, 'streamableHttp'], { PORT: String(upstreamPort) });
    await until(() => /listening on port/.test(upstream.output()));
    writeFileSync(file, JSON.stringify({ mcpServers: { everything: { url: `http://127.0.0.1:${upstreamPort}/mcp` }, other: { command: 'false' } } }));
    const port = await freePort();
    const service = run([MAIN], { MCP_SERVERS_FILE: file, TOOLGATE_REMOTE: 'everything', PORT: String(port) });
    try {
      await until(() => /"msg":"listening"/.test(service.output()));
      const url = `http://127.0.0.1:${port}`;
      const called = await fetch(`${url}/everything/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'alone' } } }),
      });
      expect(await called.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'Echo: alone' }] } });
      expect(await (await fetch(`${url}/healthz`)).json()).toMatchObject({ packs: ['everything'], states: { everything: { state: 'ready' } } });
      // The other entry is not started in this process.
      expect(service.output()).not.toMatch(/"pack":"other"/);
    } finally {
      await stop(service);
      await stop(upstream);
    }
  });

  it('refuses to start without TOOLGATE_REMOTE, naming the entries', async () => {
    writeFileSync(file, JSON.stringify({ mcpServers: { everything: { url: 'http://127.0.0.1:9/mcp' } } }));
    const service = run([MAIN], { MCP_SERVERS_FILE: file });
    expect(await service.exited).toBe(1);
    expect(service.output()).toBe('remote: invalid configuration:\n  TOOLGATE_REMOTE: names the entry of MCP_SERVERS_FILE to serve; entries: everything\n');
  });
});
