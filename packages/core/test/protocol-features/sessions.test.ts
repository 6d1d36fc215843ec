import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { RunningServer } from '../../src/index.ts';
import { startConformanceServer } from '../support/content-modules.ts';
import { scrapeSeries } from '../support/scrape.ts';

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
const JSON_AND_SSE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function connect(url: string, capabilities: Record<string, unknown> = {}): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'sessions-test', version: '1.0.0' }, { capabilities });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

/** Resolves once `check` holds, polling the client's received notifications (no clock is asserted). */
async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('2025-era sessions, issued only where a pack needs one', () => {
  let gateway: RunningServer;
  let url: string;
  beforeAll(async () => {
    ({ server: gateway, url } = await startConformanceServer());
  });
  afterAll(() => gateway.close());

  it('a pack that asks its clients things gives a session at initialize; a stateless pack gives none', async () => {
    const withSession = await fetch(url, { method: 'POST', headers: JSON_AND_SSE, body: JSON.stringify(INITIALIZE) });
    // Visible ASCII only (the spec's rule for session ids): signed claims, base64url.
    expect(withSession.headers.get('mcp-session-id')).toMatch(/^[\w-]+\.[\w-]{43}$/);
    const stateless = await fetch(`${gateway.url}/echo/mcp`, { method: 'POST', headers: JSON_AND_SSE, body: JSON.stringify(INITIALIZE) });
    expect(stateless.headers.get('mcp-session-id')).toBeNull();
    // /mcp serves a pack that needs sessions, so it issues them too.
    expect((await fetch(`${gateway.url}/mcp`, { method: 'POST', headers: JSON_AND_SSE, body: JSON.stringify(INITIALIZE) })).headers.get('mcp-session-id')).toBeTruthy();
  });

  it('answers a session id it does not know with 404, and a request without one statelessly', async () => {
    const unknown = await fetch(url, { method: 'POST', headers: { ...JSON_AND_SSE, 'mcp-session-id': 'nope' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe(-32004);
    const stateless = await fetch(url, { method: 'POST', headers: JSON_AND_SSE, body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'test_simple_text', arguments: {} } }) });
    expect(stateless.status).toBe(200);
  });

  it('ends a session on DELETE; its id is then unknown; /metrics counts it while it is open (toolgate_sessions_open)', async () => {
    // No series until the endpoint has held a session.
    const held = async () => (await scrapeSeries(gateway.url, 'toolgate_sessions_open{pack="conformance"}')) ?? 0;
    const before = await held();
    const opened = await fetch(url, { method: 'POST', headers: JSON_AND_SSE, body: JSON.stringify(INITIALIZE) });
    const session = opened.headers.get('mcp-session-id')!;
    expect(await held()).toBe(before + 1);
    expect((await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': session } })).status).toBe(200);
    expect(await held()).toBe(before);
    const after = await fetch(url, { method: 'POST', headers: { ...JSON_AND_SSE, 'mcp-session-id': session }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) });
    expect(after.status).toBe(404);
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(405);
  });

  it('asks the client mid-call (elicitation) on the call’s stream and continues with its answer', async () => {
    const { client } = await connect(url, { elicitation: {} });
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      return { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };
    });
    try {
      const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who are you?' } });
      expect(asked).toEqual([expect.objectContaining({ message: 'Who are you?' })]);
      expect(result.content).toEqual([{ type: 'text', text: 'User response: action=accept, content={"username":"ada","email":"ada@example.com"}' }]);
    } finally {
      await client.close();
    }
  });

  it('does not ask a client that did not declare the capability: the tool says why instead', async () => {
    const { client } = await connect(url);
    try {
      const result = await client.callTool({ name: 'test_sampling', arguments: { prompt: 'hi' } });
      expect(result.isError).toBe(true);
      expect((result.content as { text: string }[])[0]!.text).toMatch(/\(sampling\/createMessage\), and this client cannot be asked: .*declares the capability it needs/);
    } finally {
      await client.close();
    }
  });

  it('sends log lines at the session’s level and above, and none below it', async () => {
    const { client } = await connect(url);
    const lines: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, async (notification) => {
      lines.push(String(notification.params.data));
    });
    try {
      await client.setLoggingLevel('error');
      await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
      expect(lines).toEqual([]);
      await client.setLoggingLevel('info');
      await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
      expect(lines).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
    } finally {
      await client.close();
    }
  });

  it('tells a subscribed session of a resource’s change on its GET stream, and stops once it unsubscribes', async () => {
    const { client } = await connect(url);
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (notification) => {
      updated.push(notification.params.uri);
    });
    try {
      await client.subscribeResource({ uri: 'test://watched-resource' });
      await client.callTool({ name: 'test_touch_watched_resource', arguments: {} });
      await eventually(() => updated.length === 1);
      await client.unsubscribeResource({ uri: 'test://watched-resource' });
      await client.callTool({ name: 'test_touch_watched_resource', arguments: {} });
      // A session that did not unsubscribe still hears of the second change: the first one's silence is real.
      const { client: other } = await connect(url);
      const heard: string[] = [];
      other.setNotificationHandler(ResourceUpdatedNotificationSchema, async (notification) => {
        heard.push(notification.params.uri);
      });
      await other.subscribeResource({ uri: 'test://watched-resource' });
      await other.callTool({ name: 'test_touch_watched_resource', arguments: {} });
      await eventually(() => heard.length === 1);
      await other.close();
      expect(updated).toEqual(['test://watched-resource']);
    } finally {
      await client.close();
    }
  });

  it('refuses a subscription without a session, saying how to get one', async () => {
    const answer = await fetch(url, { method: 'POST', headers: JSON_AND_SSE, body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'resources/subscribe', params: { uri: 'test://watched-resource' } }) });
    expect((await answer.json()).error).toMatchObject({ code: -32602, message: expect.stringContaining('needs a session: open one first') });
  });

  it('stops a session’s call when the client cancels it (notifications/cancelled)', async () => {
    const opened = await fetch(url, { method: 'POST', headers: JSON_AND_SSE, body: JSON.stringify(INITIALIZE) });
    const headers = { ...JSON_AND_SSE, 'mcp-session-id': opened.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25' };
    const call = fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 'slow-1', method: 'tools/call', params: { name: 'slow_compute', arguments: { seconds: 120 } } }) });
    // The call is running once its session's cancellation has something to stop: send until the answer comes.
    let answered = false;
    void call.then(() => (answered = true));
    while (!answered) {
      await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'slow-1', reason: 'user pressed stop' } }) });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const result = (await (await call).json()).result;
    expect(result).toEqual({ content: [{ type: 'text', text: 'The call to slow_compute was cancelled before it finished.' }], isError: true });
  });
});
