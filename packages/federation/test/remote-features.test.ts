import type { ClientChannel, ToolContext } from '@toolgate/core';
import { openListenStream, until } from '@toolgate/test-support';
import type { ForwardContext } from '../src/forwarding/forwarder.ts';
import type { RemoteBuiltPack } from '../src/remote-pack.ts';
import type { ServerNotice } from '../src/remote-connection.ts';
import { startConformanceFixture, type ChildServer } from './support/child-server.ts';
import { callTool, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

/** Core's way back to the client during one request, as a test stands it in: what reached the client is kept. */
function channelOf(overrides: Partial<ClientChannel> = {}) {
  const sent: [string, Record<string, unknown>][] = [];
  const asked: [string, Record<string, unknown>][] = [];
  const channel: ClientChannel = {
    progressToken: 'client-token',
    inputResponses: undefined,
    requestState: undefined,
    // Federation relays the server's own notifications through notify; these are core's for built-in tools.
    progress: () => undefined,
    log: () => undefined,
    declares: () => true,
    notify: (method, params) => Boolean(sent.push([method, params])),
    canRequest: () => true,
    request: async (method, params) => {
      asked.push([method, params]);
      return { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };
    },
    ...overrides,
  };
  return { channel, sent, asked };
}

const contextOf = (client?: ClientChannel, clientCapabilities?: Record<string, unknown>): ForwardContext => ({ signal: new AbortController().signal, client, clientCapabilities });
/** A tool call's context as core gives it (the logger is never read on these paths). */
const toolContextOf = (client: ClientChannel): ToolContext => ({ signal: new AbortController().signal, client, requestId: 'r', logger: undefined as never });

describe('a remote pack offers everything its server offers: the conformance fixture behind the gateway', () => {
  let server: ChildServer;
  let gateway: FederatedGateway;
  let remote: RemoteBuiltPack;

  beforeAll(async () => {
    server = await startConformanceFixture();
    gateway = await startFederatedGateway({ mcpServers: { fixture: { url: server.url } } });
    remote = gateway.packs[0] as RemoteBuiltPack;
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.kill();
  });

  it('keeps the lists and capabilities the server declared', () => {
    const { features } = remote;
    expect(Object.keys(features.capabilities()).sort()).toEqual(['completions', 'logging', 'prompts', 'resources', 'tasks']);
    expect(features.prompts().map((prompt) => prompt.name)).toEqual(expect.arrayContaining(['test_simple_prompt', 'test_prompt_with_arguments']));
    expect(features.resources().map((resource) => resource.uri)).toEqual(expect.arrayContaining(['test://static-text', 'ui://fixture/panel.html']));
    // MCP Apps: the view's _meta passes as the server wrote it.
    expect(features.resources().find((resource) => resource.uri === 'ui://fixture/panel.html')).toMatchObject({ mimeType: 'text/html;profile=mcp-app', _meta: { ui: { prefersBorder: true } } });
    expect(features.resourceTemplates()).toEqual([expect.objectContaining({ uriTemplate: 'test://template/{id}/data' })]);
  });

  it('forwards prompts/get, resources/read and completion/complete, and passes the server errors on', async () => {
    const { features } = remote;
    expect(await features.request('prompts/get', { name: 'test_prompt_with_arguments', arguments: { arg1: 'a', arg2: 'b' } }, contextOf())).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='a', arg2='b'" } }],
    });
    expect(await features.request('resources/read', { uri: 'test://template/7/data' }, contextOf())).toMatchObject({ contents: [{ uri: 'test://template/7/data', mimeType: 'application/json' }] });
    expect(await features.request('completion/complete', { ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg1', value: 'par' } }, contextOf())).toEqual({
      completion: { values: ['paris', 'park', 'party'], total: 3, hasMore: false },
    });
    await expect(features.request('resources/read', { uri: 'test://nowhere' }, contextOf())).rejects.toMatchObject({ code: -32002, data: { uri: 'test://nowhere' } });
  });

  it("answers logging/setLevel itself: the server's session is shared, one client's level is not another's", async () => {
    expect(await remote.features.request('logging/setLevel', { level: 'emergency' }, contextOf())).toEqual({});
    const { channel, sent } = channelOf();
    await remote.pack.remoteTools!.call('test_tool_with_logging', {}, toolContextOf(channel));
    expect(sent.filter(([method]) => method === 'notifications/message').map(([, params]) => params.data)).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
  });

  it("relays the server's progress under the client's own token", async () => {
    const { channel, sent } = channelOf();
    const result = await remote.features.request('prompts/get', { name: 'test_simple_prompt', _meta: { progressToken: 'client-token' } }, contextOf(channel));
    expect(result.messages).toHaveLength(1);
    const progress = channelOf();
    await remote.pack.remoteTools!.call('test_tool_with_progress', {}, toolContextOf(progress.channel));
    expect(progress.sent.map(([method, params]) => [method, params.progressToken, params.progress])).toEqual([
      ['notifications/progress', 'client-token', 0],
      ['notifications/progress', 'client-token', 50],
      ['notifications/progress', 'client-token', 100],
    ]);
    expect(sent).toEqual([]);
  });

  it('asks a 2025-era client what the server asks, and refuses the server at once for a client that cannot be asked', async () => {
    const { channel, asked } = channelOf();
    const answered = await remote.pack.remoteTools!.call('test_elicitation', { message: 'Who?' }, toolContextOf(channel));
    expect(asked).toEqual([['elicitation/create', expect.objectContaining({ message: 'Who?' })]]);
    expect(answered.content).toEqual([{ type: 'text', text: 'User response: action=accept, content={"username":"ada","email":"ada@example.com"}' }]);
    // The bare call: no channel at all. The server hears "cannot be asked" and its tool fails in its own words.
    const bare = await callTool(`${gateway.url}/fixture/mcp`, 'test_elicitation', { message: 'Who?' });
    expect(bare.result).toMatchObject({ isError: true });
  });

  it('asks a 2026-07-28 client by input_required rounds, and finishes the same call with its answers', async () => {
    const modern = channelOf({ inputResponses: {} });
    const capabilities = { elicitation: {} };
    const first = await remote.features.request('prompts/get', { name: 'test_input_required_result_prompt' }, contextOf(modern.channel, capabilities));
    expect(first).toMatchObject({ resultType: 'input_required', inputRequests: { user_context: { method: 'elicitation/create' } }, requestState: expect.any(String) });
    const answers = { user_context: { action: 'accept', content: { context: 'tests' } } };
    const next = channelOf({ inputResponses: answers });
    const done = await remote.features.request('prompts/get', { name: 'test_input_required_result_prompt', inputResponses: answers, requestState: first.requestState }, contextOf(next.channel, capabilities));
    expect(done).toEqual({ messages: [{ role: 'user', content: { type: 'text', text: 'Work in this context: {"context":"tests"}' } }] });
  });

  it("tells listeners of the server's list changes (after the list is read again) and of a subscribed resource's update", async () => {
    const notices: ServerNotice[] = [];
    const stop = remote.features.onNotification((notice) => notices.push(notice));
    try {
      expect(await remote.features.request('resources/subscribe', { uri: 'test://watched-resource' }, contextOf())).toEqual({});
      await callTool(`${gateway.url}/fixture/mcp`, 'test_update_watched');
      while (!notices.some((notice) => notice.method === 'notifications/resources/updated')) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(notices).toContainEqual(expect.objectContaining({ method: 'notifications/resources/updated', params: { uri: 'test://watched-resource' } }));
      const before = remote.features.prompts();
      await callTool(`${gateway.url}/fixture/mcp`, 'test_add_prompt');
      while (!notices.some((notice) => notice.method === 'notifications/prompts/list_changed')) await new Promise((resolve) => setTimeout(resolve, 20));
      // By the time listeners hear of it, the list is the new one (a new array).
      expect(remote.features.prompts()).not.toBe(before);
      expect(remote.features.prompts().map((prompt) => prompt.name)).toContain(`test_added_prompt_${before.length}`);
    } finally {
      stop();
    }
  });

  it("subscribes upstream for a 2026-07-28 listen stream's resource and unsubscribes there when the stream ends", async () => {
    const endpoint = `${gateway.url}/fixture/mcp`;
    // The fixture says how many URIs it holds subscriptions for (earlier tests may have left some).
    const subscribedUpstream = async () => {
      const { result } = await callTool(endpoint, 'test_update_watched');
      return Number(/updated (\d+) subscribed/.exec(result?.content?.[0]?.text ?? '')?.[1]);
    };
    const before = await subscribedUpstream();
    const stream = await openListenStream(endpoint, 'watch-release', { resourceSubscriptions: ['test://static-text'] });
    try {
      const [acknowledged] = await stream.received(1);
      expect(acknowledged).toMatchObject({ method: 'notifications/subscriptions/acknowledged', params: { notifications: { resourceSubscriptions: ['test://static-text'] } } });
      expect(await subscribedUpstream()).toBe(before + 1);
    } finally {
      stream.close();
    }
    // The release runs once the gateway sees the stream closed: wait for it (jest's timeout is the bound).
    await until(async () => (await subscribedUpstream()) === before);
  });
});
