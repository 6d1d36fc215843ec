import type { ClientChannel, ToolContext } from '@toolgate/core';
import type { ForwardContext } from '../src/forwarding/forwarder.ts';
import type { RemoteBuiltPack } from '../src/remote-pack.ts';
import { fixture } from './support/child-server.ts';
import { startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

/** One stream for every request: what the server sends between them is routed by progress token, or to the one request in flight. */
describe('a remote pack over stdio offers everything its server offers', () => {
  let gateway: FederatedGateway;
  let remote: RemoteBuiltPack;

  beforeAll(async () => {
    gateway = await startFederatedGateway({ mcpServers: { fixture: { command: process.execPath, args: [fixture('conformance-server/stdio.ts')] } } });
    remote = gateway.packs[0] as RemoteBuiltPack;
  });
  afterAll(async () => gateway?.close());

  function channelOf(overrides: Partial<ClientChannel> = {}) {
    const sent: [string, Record<string, unknown>][] = [];
    const asked: string[] = [];
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
      request: async (method) => {
        asked.push(method);
        return { action: 'accept', content: { username: 'bo', email: 'bo@example.com' } };
      },
      ...overrides,
    };
    const context: ForwardContext = { signal: new AbortController().signal, client: channel };
    const call: ToolContext = { ...context, client: channel, requestId: 'r', logger: undefined as never };
    return { channel, context, sent, asked, call };
  }

  it('reads the lists and forwards prompts/get and resources/read', async () => {
    expect(remote.features.prompts().map((prompt) => prompt.name)).toContain('test_simple_prompt');
    expect(await remote.features.request('resources/read', { uri: 'test://static-text' }, channelOf().context)).toMatchObject({ contents: [{ text: 'This is the content of the static text resource.' }] });
  });

  it("relays progress under the client's token, and log lines to the one call in flight", async () => {
    const progress = channelOf();
    await remote.pack.remoteTools!.call('test_tool_with_progress', {}, progress.call);
    expect(progress.sent.map(([method, params]) => [method, params.progressToken, params.progress])).toEqual([
      ['notifications/progress', 'client-token', 0],
      ['notifications/progress', 'client-token', 50],
      ['notifications/progress', 'client-token', 100],
    ]);
    const logging = channelOf();
    await remote.pack.remoteTools!.call('test_tool_with_logging', {}, logging.call);
    expect(logging.sent.filter(([method]) => method === 'notifications/message')).toHaveLength(3);
  });
});
