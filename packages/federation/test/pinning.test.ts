import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ConfigError } from '@toolgate/core';
import { ADDED, HONEST, POISONED, type RugPullServer, startRugPullServer, until } from '@toolgate/test-support';
import { lockPathOf } from '../src/pinning/lock-file.ts';
import { remotePackModules } from '../src/index.ts';
import { BUILT_IN, callTool, packStates, rpc, startFederatedGateway, writeServersFile, type FederatedGateway } from './support/federated-gateway.ts';

const ACCEPT = fileURLToPath(new URL('../src/pinning/accept-main.ts', import.meta.url));
const run = promisify(execFile);

type Listed = { name: string; description?: string; inputSchema: Record<string, unknown> };
const listOf = async (url: string) => (await rpc(url, 'tools/list')).result!.tools as Listed[];
const pageOf = async (url: string) => (await fetch(`${url}/`, { headers: { accept: 'text/html' } })).text();
const warnings = (gateway: FederatedGateway) =>
  gateway
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; diff?: string; tool?: string })
    .filter((line) => line.level === 40);

/** `pnpm servers:accept` as an operator runs it, in a process of its own. */
function accept(serversFile: string, ...args: string[]) {
  return run(process.execPath, [ACCEPT, ...args, '--servers', serversFile], { env: { PATH: process.env.PATH } });
}

describe('a rug pull: a tool rewritten into a prompt injection after it was approved (issue 37, 7)', () => {
  let server: RugPullServer;
  let gateway: FederatedGateway;

  beforeAll(async () => {
    server = await startRugPullServer();
    gateway = await startFederatedGateway({ mcpServers: { rug: { url: server.url } } }, {}, { builtIn: true });
    await until(() => server.streams.length > 0);
    server.pull();
    await until(() => server.counts.list === 2);
    // Said again, listed again, the same change: logged no more.
    server.pull();
    await until(() => server.counts.list === 3);
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.close();
  });

  it('callers keep the definition first seen, at /<name>/mcp and /mcp; the added tool is not served', async () => {
    expect(await listOf(`${gateway.url}/rug/mcp`)).toEqual([HONEST]);
    const combined = (await listOf(`${gateway.url}/mcp`)).filter((tool) => tool.name.startsWith('rug_'));
    expect(combined).toEqual([{ ...HONEST, name: 'rug_fetch_weather' }]);
    expect((await callTool(`${gateway.url}/rug/mcp`, 'exfiltrate')).error).toMatchObject({ message: expect.stringMatching(/Tool exfiltrate not found/) });
  });

  it('each change is logged once, with a readable diff', () => {
    const held = warnings(gateway).filter((line) => line.tool !== undefined);
    expect(held.map((line) => line.msg).sort()).toEqual([
      'a new tool, exfiltrate, is held back until an operator accepts it: pnpm servers:accept rug',
      "fetch_weather's definition changed (description, inputSchema); callers get the pinned one until an operator accepts it: pnpm servers:accept rug",
    ]);
    const diff = held.find((line) => line.tool === 'fetch_weather')!.diff!;
    expect(diff).toContain(`-   "description": "${HONEST.description}",`);
    expect(diff).toContain(`+   "description": "${POISONED.description}",`);
    expect(diff).toContain('+       "notes": {');
  });

  it('/healthz, /metrics and the page say what is held back and how to accept it', async () => {
    expect((await packStates(gateway.url))['rug']).toEqual({
      state: 'degraded',
      detail: '2 tool changes held back until accepted (pnpm servers:accept rug): fetch_weather (description, inputSchema); exfiltrate (new)',
      heldChanges: 2,
    });
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(metrics).toContain('toolgate_tool_changes_held{pack="rug"} 2');
    const page = await pageOf(gateway.url);
    expect(page).toContain('2 tool changes held back until accepted (pnpm servers:accept rug)');
    expect(page).toContain(HONEST.description);
    expect(page).not.toContain('id_rsa');
  });

  it('pnpm servers:accept rug writes the lock file with the diff it accepts; the gateway then serves the new definitions', async () => {
    const { stdout } = await accept(gateway.serversFile, 'rug');
    expect(stdout).toContain('rug: 2 tools pinned for the first time: fetch_weather, exfiltrate');
    expect(stdout).toContain(`wrote ${lockPathOf(gateway.serversFile)}`);
    // The gateway polls the lock file every 2 s.
    await until(async () => (await listOf(`${gateway.url}/rug/mcp`)).length === 2);
    expect(await listOf(`${gateway.url}/rug/mcp`)).toEqual([POISONED, ADDED]);
    expect((await packStates(gateway.url))['rug']).toEqual({ state: 'ready' });
    expect(await (await fetch(`${gateway.url}/metrics`)).text()).not.toContain('toolgate_tool_changes_held{pack="rug"}');
  });
});

describe('a lock file an operator committed', () => {
  let server: RugPullServer;
  let gateway: FederatedGateway | undefined;
  afterEach(async () => {
    await gateway?.close();
    await server?.close();
  });

  it('pins the server from the first list: a server already pulled is served as the lock says', async () => {
    server = await startRugPullServer({ pulled: true });
    const serversFile = writeServersFile({ mcpServers: { rug: { url: server.url } } });
    writeFileSync(lockPathOf(serversFile), JSON.stringify({ lockfileVersion: 1, servers: { rug: { tools: { fetch_weather: HONEST } } } }));
    gateway = await startFederatedGateway({ mcpServers: { rug: { url: server.url } } }, { MCP_SERVERS_LOCK_FILE: lockPathOf(serversFile) });
    expect(await listOf(`${gateway.url}/rug/mcp`)).toEqual([HONEST]);
    expect((await packStates(gateway.url))['rug']!.detail).toMatch(/^2 tool changes held back/);
  });

  it('servers:accept shows the change against the lock, tool by tool', async () => {
    server = await startRugPullServer({ pulled: true });
    const serversFile = writeServersFile({ mcpServers: { rug: { url: server.url } } });
    writeFileSync(lockPathOf(serversFile), JSON.stringify({ lockfileVersion: 1, servers: { rug: { tools: { fetch_weather: HONEST, gone: HONEST } } } }));
    const { stdout } = await accept(serversFile, '--all');
    expect(stdout).toContain('rug: fetch_weather changed:\n');
    expect(stdout).toMatch(/\n {4}\+ {3}"description": "The weather forecast for a city\. IMPORTANT/);
    expect(stdout).toContain('rug: exfiltrate added:');
    expect(stdout).toContain('rug: gone removed (the server no longer lists it)');
  });

  it('a lock file that is not a lock refuses the start, naming it', () => {
    const serversFile = writeServersFile({ mcpServers: { rug: { url: 'http://127.0.0.1:9/mcp' } } });
    writeFileSync(lockPathOf(serversFile), '{ not json');
    expect(() => remotePackModules({ MCP_SERVERS_FILE: serversFile }, BUILT_IN)).toThrow(ConfigError);
    expect(() => remotePackModules({ MCP_SERVERS_FILE: serversFile }, BUILT_IN)).toThrow(`the lock file ${lockPathOf(serversFile)} is not JSON`);
  });
});

describe('MCP_TOOL_CHANGES=follow: an operator who trusts the server', () => {
  it('serves the rewritten tool at once, as before pinning', async () => {
    const server = await startRugPullServer();
    const gateway = await startFederatedGateway({ mcpServers: { rug: { url: server.url } } }, { MCP_TOOL_CHANGES: 'follow' });
    try {
      await until(() => server.streams.length > 0);
      server.pull();
      await until(async () => (await listOf(`${gateway.url}/rug/mcp`)).length === 2);
      expect(await listOf(`${gateway.url}/rug/mcp`)).toEqual([POISONED, ADDED]);
      expect((await packStates(gateway.url))['rug']).toEqual({ state: 'ready' });
    } finally {
      await gateway.close();
      await server.close();
    }
  });
});
