import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { openListenStream, type StreamedMessage } from '@toolgate/test-support';
import { healthy, MAIN, says, startProcess, stop, writeKeysFile } from './support/gateway-child.ts';

const EVERYTHING = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const FULL_KEY = 'everything-forwarded-full-key-1';
const QUOTES_KEY = 'everything-forwarded-quotes-key-2';
const anything = z.looseObject({});
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** An SDK v1 client of the gateway, with a key; it can answer an elicitation (accepting with `answer`). */
async function connect(url: string, key: string, answer?: Record<string, unknown>): Promise<Client> {
  const client = new Client({ name: 'everything-test', version: '1.0.0' }, { capabilities: answer ? { elicitation: {} } : {} });
  if (answer) client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: answer }));
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

/**
 * server-everything (npm) behind the all-in-one gateway (`pnpm start`'s process), fronted as the
 * pack `everything` beside quotes: everything it offers besides tools reaches an SDK client at
 * /everything/mcp as the server has it, and at /mcp namespaced; a key that may use quotes only
 * sees none of it.
 */
describe('server-everything behind the gateway: resources, prompts, completion, progress, tasks and elicitation', () => {
  let server: { child: ChildProcess; port: number } | undefined;
  let gateway: { child: ChildProcess; port: number } | undefined;
  let base: string;

  beforeAll(async () => {
    server = await startProcess([EVERYTHING, 'streamableHttp'], {}, says(/listening on port/));
    const directory = mkdtempSync(join(tmpdir(), 'toolgate-everything-'));
    const serversFile = join(directory, 'mcp.json');
    writeFileSync(serversFile, JSON.stringify({ mcpServers: { everything: { url: `http://127.0.0.1:${server.port}/mcp`, toolChanges: 'follow' } } }));
    const keysFile = writeKeysFile(directory, [{ name: 'full', key: FULL_KEY }, { name: 'quotes-only', key: QUOTES_KEY, packs: ['quotes'] }]);
    gateway = await startProcess([MAIN], { MCP_SERVERS_FILE: serversFile, API_KEYS_FILE: keysFile, TOOLGATE_PACKS: 'quotes,everything', LOG_LEVEL: 'warn' }, healthy);
    base = `http://127.0.0.1:${gateway.port}`;
  });
  afterAll(async () => {
    await stop(gateway?.child);
    await stop(server?.child);
  });

  describe.each([
    { where: '/everything/mcp', path: '/everything/mcp', name: (local: string) => local, uri: (local: string) => local },
    { where: '/mcp, namespaced', path: '/mcp', name: (local: string) => `everything_${local}`, uri: (local: string) => local.replace(/^(\w+):/, '$1://everything/') },
  ])('at $where', ({ path, name, uri }) => {
    let client: Client;
    beforeAll(async () => {
      client = await connect(`${base}${path}`, FULL_KEY, { name: 'Ada', check: true, firstLine: 'It was a dark night' });
    });
    afterAll(async () => client?.close());

    it('lists its resources and templates, and reads one back by the URI it lists', async () => {
      const { resources } = await client.listResources();
      const document = resources.find((resource) => resource.uri.startsWith(uri('demo://resource/static/document/')));
      expect(document).toBeDefined();
      const read = await client.readResource({ uri: document!.uri });
      expect(read.contents[0]).toMatchObject({ uri: document!.uri });
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.uriTemplate)).toContain(uri('demo://resource/dynamic/text/{resourceId}'));
      const dynamic = await client.readResource({ uri: uri('demo://resource/dynamic/text/1') });
      expect(dynamic.contents[0]).toMatchObject({ uri: uri('demo://resource/dynamic/text/1'), text: expect.any(String) });
    });

    it('lists its prompts, gets one with arguments, and completes an argument', async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toEqual(expect.arrayContaining([name('simple-prompt'), name('args-prompt'), name('completable-prompt')]));
      const got = await client.getPrompt({ name: name('args-prompt'), arguments: { city: 'Lisbon' } });
      expect(JSON.stringify(got.messages)).toContain('Lisbon');
      const completed = await client.complete({ ref: { type: 'ref/prompt', name: name('completable-prompt') }, argument: { name: 'department', value: 'Eng' } });
      expect(completed.completion.values).toEqual(['Engineering']);
    });

    it("relays a long call's progress as it runs", async () => {
      const seen: number[] = [];
      const result = await client.callTool({ name: name('trigger-long-running-operation'), arguments: { duration: 0.4, steps: 4 } }, undefined, { onprogress: ({ progress }) => seen.push(progress) });
      expect(seen).toEqual([1, 2, 3, 4]);
      expect(JSON.stringify(result.content)).toContain('Long running operation completed');
    });

    it('runs a task to completion: tools/call with a task, tasks/get until it is done, then tasks/result', async () => {
      const created = await client.request({ method: 'tools/call', params: { name: name('simulate-research-query'), arguments: { topic: 'gateways' }, task: { ttl: 60_000 } } }, anything);
      const task = created.task as { taskId: string; status: string };
      expect(task.status).toBe('working');
      let status = task.status;
      while (status !== 'completed' && status !== 'failed') {
        await sleep(250);
        status = ((await client.request({ method: 'tasks/get', params: { taskId: task.taskId } }, anything)) as { status: string }).status;
      }
      expect(status).toBe('completed');
      const result = await client.request({ method: 'tasks/result', params: { taskId: task.taskId } }, anything);
      expect(JSON.stringify(result.content)).toContain('Research Report: gateways');
    });

    it('puts the elicitation the server asks mid-call to the client, and its answer back to the server', async () => {
      const result = await client.callTool({ name: name('trigger-elicitation-request'), arguments: {} });
      expect(JSON.stringify(result.content)).toContain('Ada');
    });
  });

  it("tells a 2026-07-28 client's listen stream of a subscribed resource's updates, which the gateway subscribed to upstream for it", async () => {
    const document = 'demo://resource/static/document/architecture.md';
    const auth = { authorization: `Bearer ${FULL_KEY}` };
    const stream = await openListenStream(`${base}/everything/mcp`, 'watch-1', { resourceSubscriptions: [document], toolsListChanged: true }, auth);
    const caller = await connect(`${base}/everything/mcp`, FULL_KEY);
    try {
      const [acknowledged] = await stream.received(1);
      expect(acknowledged).toMatchObject({
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: { resourceSubscriptions: [document], toolsListChanged: true }, _meta: { [SUBSCRIPTION_ID]: 'watch-1' } },
      });
      // server-everything sends its updates once a tool switches them on; the gateway holds one session with it.
      await caller.callTool({ name: 'toggle-subscriber-updates', arguments: {} });
      let updated: StreamedMessage | undefined;
      for (let count = 2; !updated; count += 1) {
        const messages = await stream.received(count);
        if (messages.length < count) throw new Error(`the listen stream ended before an update: ${JSON.stringify(messages)}`);
        updated = messages.find((message) => message.method === 'notifications/resources/updated');
      }
      expect(updated).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: document, _meta: { [SUBSCRIPTION_ID]: 'watch-1' } } });
    } finally {
      await caller.callTool({ name: 'toggle-subscriber-updates', arguments: {} }).catch(() => undefined);
      await caller.close();
      stream.close();
    }
  });

  it('shows a quotes-only key none of it: no resource, template or prompt of everything at /mcp, a namespaced read refused, /everything/mcp forbidden', async () => {
    const client = await connect(`${base}/mcp`, QUOTES_KEY);
    try {
      const { resources } = await client.listResources();
      expect(resources.filter((resource) => resource.uri.includes('//everything/'))).toEqual([]);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.filter((template) => template.uriTemplate.includes('//everything/'))).toEqual([]);
      const { prompts } = await client.listPrompts();
      expect(prompts.filter((prompt) => prompt.name.startsWith('everything_'))).toEqual([]);
      await expect(client.readResource({ uri: 'demo://everything/resource/dynamic/text/1' })).rejects.toThrow();
      await expect(client.getPrompt({ name: 'everything_simple-prompt' })).rejects.toThrow();
    } finally {
      await client.close();
    }
    const own = await fetch(`${base}/everything/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${QUOTES_KEY}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/list' }),
    });
    expect(own.status).toBe(403);
  });
});
