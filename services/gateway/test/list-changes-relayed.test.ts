import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { startHostileHttpServer, tool, until, type HostileHttpServer } from '@toolgate/test-support';
import { healthy, MAIN, startProcess, stop, writeKeysFile } from './support/gateway-child.ts';

const FULL_KEY = 'list-changes-full-key-0001';
/** May use quotes, beacon and storm: not `changing`. */
const OTHERS_KEY = 'list-changes-others-key-0002';
const LIST_CHANGED = `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })}\n\n`;

/** A 2025-era SDK client of the gateway with a session, counting the tools/list_changed it is told of. */
async function listening(url: string, key: string): Promise<{ client: Client; told: () => number }> {
  const client = new Client({ name: 'list-changes-test', version: '1.0.0' });
  let told = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    told += 1;
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return { client, told: () => told };
}

const toolNames = async (client: Client) => (await client.listTools()).tools.map((listed) => listed.name);

/**
 * A fronted server's list changes reach the gateway's 2025-era clients (`pnpm start`'s process, two
 * fronted servers written by hand, SDK clients with sessions): on the GET stream of every session
 * that may use the pack, after the gateway has the new list, and once for a storm of them.
 */
describe("a fronted server's tools/list_changed, relayed to the gateway's clients", () => {
  let changing: HostileHttpServer;
  let storm: HostileHttpServer;
  let beacon: HostileHttpServer;
  let gateway: { child: ChildProcess; port: number } | undefined;
  let base: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    // Each list answer names the tools by how many lists the server has answered: a re-list shows.
    changing = await startHostileHttpServer({ list: (_request, count) => ({ tools: [tool(`listed_${count}`)] }), stream: () => undefined });
    storm = await startHostileHttpServer({ list: (_request, count) => ({ tools: [tool(`stormed_${count}`)] }), stream: () => undefined });
    beacon = await startHostileHttpServer({ list: (_request, count) => ({ tools: [tool(`beacon_${count}`)] }), stream: () => undefined });
    const directory = mkdtempSync(join(tmpdir(), 'toolgate-list-changes-'));
    const serversFile = join(directory, 'mcp.json');
    const servers = Object.fromEntries(Object.entries({ changing, storm, beacon }).map(([name, server]) => [name, { url: server.url, toolChanges: 'follow' }]));
    writeFileSync(serversFile, JSON.stringify({ mcpServers: servers }));
    const keysFile = writeKeysFile(directory, [{ name: 'full', key: FULL_KEY }, { name: 'others', key: OTHERS_KEY, packs: ['quotes', 'beacon', 'storm'] }]);
    // One re-list per server in this test: the second would wait 10 minutes, so what is counted
    // does not depend on how fast a loaded machine reads a storm.
    const env = { MCP_SERVERS_FILE: serversFile, API_KEYS_FILE: keysFile, TOOLGATE_PACKS: 'quotes,changing,storm,beacon', MCP_RELIST_INTERVAL_MS: '600000', LOG_LEVEL: 'warn' };
    gateway = await startProcess([MAIN], env, healthy);
    base = `http://127.0.0.1:${gateway.port}`;
    await until(() => [changing, storm, beacon].every((server) => server.streams.length > 0));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await stop(gateway?.child);
    await changing?.close();
    await storm?.close();
    await beacon?.close();
  });

  const connect = async (path: string, key: string) => {
    const connected = await listening(`${base}${path}`, key);
    clients.push(connected.client);
    return connected;
  };

  it('declares listChanged for a fronted server, at its own URL and at /mcp, and not for a built-in pack', async () => {
    const own = await connect('/changing/mcp', FULL_KEY);
    expect(own.client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    const quotes = new Client({ name: 'list-changes-test', version: '1.0.0' });
    await quotes.connect(new StreamableHTTPClientTransport(new URL(`${base}/quotes/mcp`), { requestInit: { headers: { authorization: `Bearer ${FULL_KEY}` } } }));
    clients.push(quotes);
    expect(quotes.getServerCapabilities()?.tools).toEqual({ listChanged: false });
    const combined = await connect('/mcp', FULL_KEY);
    expect(combined.client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
  });

  it('tells each session that may use the pack, once, after the new list is served; a key for other packs hears nothing', async () => {
    const own = await connect('/changing/mcp', FULL_KEY);
    const combined = await connect('/mcp', FULL_KEY);
    const others = await connect('/mcp', OTHERS_KEY);
    expect(await toolNames(own.client)).toEqual(['listed_1']);

    changing.streams[0]!.write(LIST_CHANGED);
    await until(() => own.told() > 0 && combined.told() > 0);
    expect(await toolNames(own.client)).toEqual(['listed_2']);
    expect(await toolNames(combined.client)).toContain('changing_listed_2');
    expect([own.told(), combined.told()]).toEqual([1, 1]);

    // The others key's session hears the next change it may see (beacon's), and only that one:
    // changing's, told to every session before, would have reached its stream first.
    beacon.streams[0]!.write(LIST_CHANGED);
    await until(() => others.told() > 0 && combined.told() > 1);
    expect(others.told()).toBe(1);
    expect(await toolNames(others.client)).toEqual(expect.arrayContaining(['beacon_beacon_2', 'storm_stormed_1']));
    expect(await toolNames(others.client)).not.toContain('changing_listed_2');
  });

  it('a storm of 2,000 tools/list_changed reaches each client as one', async () => {
    const own = await connect('/storm/mcp', FULL_KEY);
    const others = await connect('/mcp', OTHERS_KEY);
    const listsBefore = storm.counts.list;
    storm.streams[0]!.write(LIST_CHANGED.repeat(2_000));
    // A ping after the storm: the gateway answers it only once every event before it is handled.
    storm.streams[0]!.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 'after-the-storm', method: 'ping' })}\n\n`);
    await until(() => storm.answered.includes('after-the-storm') && own.told() > 0 && others.told() > 0);
    // Listed again once (the rest of the storm waits out MCP_RELIST_INTERVAL_MS), told once.
    expect(storm.counts.list).toBe(listsBefore + 1);
    expect([own.told(), others.told()]).toEqual([1, 1]);
    expect(await toolNames(own.client)).toEqual([`stormed_${listsBefore + 1}`]);
  });
});
