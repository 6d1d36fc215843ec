import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { openListenStream, startHostileHttpServer, tool, until, type HostileHttpServer, type ListenStream } from '@toolgate/test-support';
import { healthy, MAIN, startProcess, stop, writeKeysFile } from './support/gateway-child.ts';

const FULL_KEY = 'list-changes-full-key-0001';
/** May use quotes, beacon, storm and sentinel: not `changing` nor `listened`. */
const OTHERS_KEY = 'list-changes-others-key-0002';
/** Holds as many listen streams as a caller may. */
const CAP_KEY = 'list-changes-cap-key-0003';
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
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
  let listened: HostileHttpServer;
  let sentinel: HostileHttpServer;
  let gateway: { child: ChildProcess; port: number } | undefined;
  let base: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    // Each list answer names the tools by how many lists the server has answered: a re-list shows.
    changing = await startHostileHttpServer({ list: (_request, count) => ({ tools: [tool(`listed_${count}`)] }), stream: () => undefined });
    storm = await startHostileHttpServer({ list: (_request, count) => ({ tools: [tool(`stormed_${count}`)] }), stream: () => undefined });
    beacon = await startHostileHttpServer({ list: (_request, count) => ({ tools: [tool(`beacon_${count}`)] }), stream: () => undefined });
    listened = await startHostileHttpServer({ list: (_request, count) => ({ tools: [tool(`heard_${count}`)] }), stream: () => undefined });
    sentinel = await startHostileHttpServer({ list: (_request, count) => ({ tools: [tool(`sentinel_${count}`)] }), stream: () => undefined });
    const directory = mkdtempSync(join(tmpdir(), 'toolgate-list-changes-'));
    const serversFile = join(directory, 'mcp.json');
    const servers = Object.fromEntries(Object.entries({ changing, storm, beacon, listened, sentinel }).map(([name, server]) => [name, { url: server.url, toolChanges: 'follow' }]));
    writeFileSync(serversFile, JSON.stringify({ mcpServers: servers }));
    const keysFile = writeKeysFile(directory, [{ name: 'full', key: FULL_KEY }, { name: 'others', key: OTHERS_KEY, packs: ['quotes', 'beacon', 'storm', 'sentinel'] }, { name: 'cap', key: CAP_KEY }]);
    // One re-list per server in this test: the second would wait 10 minutes, so what is counted
    // does not depend on how fast a loaded machine reads a storm.
    const env = { MCP_SERVERS_FILE: serversFile, API_KEYS_FILE: keysFile, TOOLGATE_PACKS: 'quotes,changing,storm,beacon,listened,sentinel', MCP_RELIST_INTERVAL_MS: '600000', LOG_LEVEL: 'warn' };
    gateway = await startProcess([MAIN], env, healthy);
    base = `http://127.0.0.1:${gateway.port}`;
    await until(() => [changing, storm, beacon, listened, sentinel].every((server) => server.streams.length > 0));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await stop(gateway?.child);
    await changing?.close();
    await storm?.close();
    await beacon?.close();
    await listened?.close();
    await sentinel?.close();
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

  describe('to 2026-07-28 clients, on subscriptions/listen streams', () => {
    const streams: ListenStream[] = [];
    afterAll(() => streams.forEach((stream) => stream.close()));
    const listen = async (path: string, id: string, notifications: Record<string, unknown>, key: string) => {
      const stream = await openListenStream(`${base}${path}`, id, notifications, { authorization: `Bearer ${key}` });
      streams.push(stream);
      return stream;
    };
    const acknowledged = (id: string, notifications: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications, _meta: { [SUBSCRIPTION_ID]: id } },
    });
    const told = (id: string) => ({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [SUBSCRIPTION_ID]: id } } });

    it('holds at most 8 streams per caller, and a closed stream is released', async () => {
      const held: ListenStream[] = [];
      for (let count = 0; count < 8; count += 1) {
        const stream = await listen('/listened/mcp', `cap-${count}`, { toolsListChanged: true }, CAP_KEY);
        await stream.received(1);
        held.push(stream);
      }
      const refused = await listen('/mcp', 'cap-refused', { toolsListChanged: true }, CAP_KEY);
      expect(refused.status).toBe(429);
      expect((await refused.received(1))[0]!.error!.code).toBe(-32029);
      held[0]!.close();
      // Released once the gateway sees the close: until then a new stream is still refused.
      let reopened: ListenStream | undefined;
      await until(async () => {
        const attempt = await listen('/mcp', 'cap-again', { toolsListChanged: true }, CAP_KEY);
        if (attempt.status === 200) reopened = attempt;
        return attempt.status === 200;
      });
      expect(await reopened!.received(1)).toEqual([acknowledged('cap-again', { toolsListChanged: true })]);
    });

    it('is not served by a built-in pack with fixed lists, nor to a 2025-era client', async () => {
      const quotes = await listen('/quotes/mcp', 'quotes', { toolsListChanged: true }, FULL_KEY);
      expect(quotes.status).toBe(404);
      const legacy = await fetch(`${base}/listened/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${FULL_KEY}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: { notifications: { toolsListChanged: true } } }),
      });
      expect((await legacy.json()).error.code).toBe(-32601);
    });

    it('acknowledges what it honours first, tells each stream that asked once, never what was not asked, nothing to a key for other packs; a drain ends them (last: it stops the gateway)', async () => {
      // The fronted server lists tools only: its prompts and resources, and subscriptions, are not honoured.
      const own = await listen('/listened/mcp', 'own', { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['heard://a'] }, FULL_KEY);
      const combined = await listen('/mcp', 'combined', { toolsListChanged: true }, FULL_KEY);
      const unasked = await listen('/listened/mcp', 'unasked', { promptsListChanged: true }, FULL_KEY);
      const others = await listen('/mcp', 'others', { toolsListChanged: true }, OTHERS_KEY);
      expect(await own.received(1)).toEqual([acknowledged('own', { toolsListChanged: true })]);
      expect(await combined.received(1)).toEqual([acknowledged('combined', { toolsListChanged: true })]);
      expect(await unasked.received(1)).toEqual([acknowledged('unasked', {})]);
      expect(await others.received(1)).toEqual([acknowledged('others', { toolsListChanged: true })]);

      listened.streams[0]!.write(LIST_CHANGED);
      expect(await own.received(2)).toEqual([acknowledged('own', { toolsListChanged: true }), told('own')]);
      expect(await combined.received(2)).toEqual([acknowledged('combined', { toolsListChanged: true }), told('combined')]);

      // The others key hears the next change it may see (sentinel's), and only that one: listened's,
      // told to every stream before, would have reached its stream first (and the unasked stream's too).
      sentinel.streams[0]!.write(LIST_CHANGED);
      expect(await combined.received(3)).toEqual([acknowledged('combined', { toolsListChanged: true }), told('combined'), told('combined')]);
      await others.received(2);

      // A drain ends every listen stream with its result: then each stream's whole content can be counted.
      await stop(gateway?.child);
      const ending = (id: string) => expect.objectContaining({ jsonrpc: '2.0', id, result: expect.objectContaining({ resultType: 'complete' }) });
      expect(await own.received(99)).toEqual([acknowledged('own', { toolsListChanged: true }), told('own'), ending('own')]);
      expect(await unasked.received(99)).toEqual([acknowledged('unasked', {}), ending('unasked')]);
      expect(await others.received(99)).toEqual([acknowledged('others', { toolsListChanged: true }), told('others'), ending('others')]);
      expect(await combined.received(99)).toEqual([acknowledged('combined', { toolsListChanged: true }), told('combined'), told('combined'), ending('combined')]);
    });
  });
});
