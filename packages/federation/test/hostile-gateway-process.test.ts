import { endlessEvent, type HostileHttpServer, hostileStdioServer, nestedSchema, startHostileHttpServer, tool, until } from '@toolgate/test-support';
import { callTool, packStates, rpc } from './support/federated-gateway.ts';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.ts';
import { processesWith, uniqueMarker } from './support/processes.ts';

const MB = 1024 * 1024;
const LIST_CHANGED = 'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n';

/**
 * The peak memory (resident set) the gateway may reach while every hostile server of issue 37 does
 * its worst at once, with the default bounds: docs/security.md#hostile-servers says why this much.
 */
const MEMORY_CEILING = 320 * MB;

describe('the gateway as a process, with hostile servers', () => {
  let gateway: GatewayProcess | undefined;
  afterEach(async () => gateway?.kill());

  it('a stdio server\'s children that ignore SIGTERM do not outlive a gateway killed with SIGKILL (issue 37, 6)', async () => {
    const marker = uniqueMarker('forks-sigkill');
    gateway = await startGatewayProcess({ mcpServers: { forks: { command: process.execPath, args: [hostileStdioServer('forking-server'), marker] } } }, { MCP_STDIO_KILL_GRACE_MS: '1000' });
    const pids = (await callTool(`${gateway.url}/forks/mcp`, 'pids')).result!.structuredContent as { pid: number; grandchildren: number[] };
    expect(processesWith(marker)).toEqual(expect.arrayContaining([pids.pid, ...pids.grandchildren]));
    await gateway.kill();
    // Nothing of the gateway is left to act: the group's lifeline ends it (SIGTERM, then SIGKILL after the grace).
    await until(() => processesWith(marker).length === 0);
  });

  it('on SIGTERM (the gateway\'s drain) the group is ended before the gateway exits', async () => {
    const marker = uniqueMarker('forks-sigterm');
    gateway = await startGatewayProcess({ mcpServers: { forks: { command: process.execPath, args: [hostileStdioServer('forking-server'), marker] } } }, { MCP_STDIO_KILL_GRACE_MS: '500' });
    await callTool(`${gateway.url}/forks/mcp`, 'pids');
    expect(processesWith(marker).length).toBeGreaterThanOrEqual(3);
    await gateway.stop();
    expect(gateway.child.exitCode).toBe(0);
    expect(processesWith(marker)).toEqual([]);
  });
});

describe('every hostile server at its worst at once', () => {
  const servers: HostileHttpServer[] = [];
  let gateway: GatewayProcess | undefined;
  afterAll(async () => {
    await gateway?.kill();
    await Promise.all(servers.map((server) => server.close()));
  });

  it(`the gateway's memory stays under ${MEMORY_CEILING / MB} MiB, and it answers /healthz and a pack's calls after`, async () => {
    const huge = Buffer.from(JSON.stringify({ tools: Array.from({ length: 10_000 }, (_, index) => tool(`tool_${index}`, { description: 'x'.repeat(5_000) })) }));
    const start = async (behaviour: Parameters<typeof startHostileHttpServer>[0]) => {
      const server = await startHostileHttpServer(behaviour);
      servers.push(server);
      return server;
    };
    const entries: Record<string, unknown> = {
      huge: { url: (await start({ list: () => huge })).url },
      deep: { url: (await start({ list: () => ({ tools: [tool('fine'), tool('abyss', { inputSchema: nestedSchema(1_500) })] }) })).url },
      endless: {
        url: (await start({ list: () => ({ tools: [tool('endless')] }), call: (_request, response) => void endlessEvent(response, 200 * MB) })).url,
      },
      noisy: { command: process.execPath, args: [hostileStdioServer('stderr-flood-server')], env: { HOSTILE_MB: '120' } },
      spew: { command: process.execPath, args: [hostileStdioServer('stdout-flood-server')], env: { HOSTILE_MB: '200' } },
      calm: { command: process.execPath, args: [hostileStdioServer('error-server')] },
    };
    const storms: HostileHttpServer[] = [];
    for (let index = 0; index < 12; index += 1) {
      const server = await start({ list: () => ({ tools: [tool('changing')] }), stream: () => undefined });
      storms.push(server);
      entries[`storm${index}`] = { url: server.url };
    }
    gateway = await startGatewayProcess({ mcpServers: entries });
    const url = gateway.url;
    await until(() => storms.every((server) => server.streams.length > 0));

    for (const server of storms) server.streams[0]!.write(LIST_CHANGED.repeat(2_000));
    const worst = await Promise.all([
      ...Array.from({ length: 4 }, () => callTool(`${url}/endless/mcp`, 'endless')),
      callTool(`${url}/spew/mcp`, 'flood'),
      until(async () => (await callTool(`${url}/noisy/mcp`, 'flooded')).result?.structuredContent?.done === true),
      ...Array.from({ length: 5 }, () => fetch(`${url}/`, { headers: { accept: 'text/html' } }).then((response) => response.status)),
      ...Array.from({ length: 5 }, () => rpc(`${url}/mcp`, 'tools/list').then((answer) => answer.status)),
    ]);
    expect(worst.slice(0, 4).every((answer) => (answer as unknown as { result: { isError: boolean } }).result.isError)).toBe(true);
    expect(worst.slice(6).every((status) => status === 200)).toBe(true);

    const peak = gateway.peakRss();
    expect(peak).toBeLessThan(MEMORY_CEILING);
    expect((await packStates(url))['calm']).toEqual({ state: 'ready' });
    expect((await callTool(`${url}/calm/mcp`, 'whoami')).result!.isError).toBeUndefined();
    process.stdout.write(`peak RSS of the gateway: ${(peak / MB).toFixed(1)} MiB\n`);
  }, 180_000);
});
