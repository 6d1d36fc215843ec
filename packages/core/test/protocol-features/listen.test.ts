import { MODERN_META, openListenStream, until } from '@toolgate/test-support';
import type { RunningServer } from '../../src/index.ts';
import { startConformanceServer } from '../support/content-modules.ts';
import { scrapeSeries } from '../support/scrape.ts';

const WATCHED = 'test://watched-resource';

/**
 * 2026-07-28's subscriptions/listen at a built-in pack with resource updates (the conformance
 * fixture pack): its lists are fixed, so only its resource subscriptions are honoured.
 */
describe('subscriptions/listen at a built-in pack', () => {
  let gateway: RunningServer;
  let url: string;
  beforeAll(async () => {
    ({ server: gateway, url } = await startConformanceServer());
  });
  afterAll(() => gateway.close());

  const touch = () =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'test_touch_watched_resource' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'test_touch_watched_resource', arguments: {}, _meta: MODERN_META } }),
    });

  it('acknowledges the resource subscriptions and no list changes, then tells each update of the watched resource', async () => {
    const stream = await openListenStream(url, 'listen-1', { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: [WATCHED] });
    const quiet = await openListenStream(url, 'listen-2', { toolsListChanged: true });
    const [acknowledged] = await stream.received(1);
    expect(stream.status).toBe(200);
    expect(acknowledged).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { resourceSubscriptions: [WATCHED] }, _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' } },
    });
    expect((await quiet.received(1))[0]!.params).toEqual({ notifications: {}, _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-2' } });
    expect((await touch()).status).toBe(200);
    const [, updated] = await stream.received(2);
    expect(updated).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: WATCHED, _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' } } });
    // The stream that asked for list changes only heard nothing more: a second update reaches the first stream, not it.
    expect((await touch()).status).toBe(200);
    await stream.received(3);
    expect(quiet.messages).toHaveLength(1);
    stream.close();
    quiet.close();
  });

  it('is a method not found to 2025-era clients, and at a pack with nothing to listen to', async () => {
    const legacy = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: { notifications: { toolsListChanged: true } } }),
    });
    expect((await legacy.json()).error.code).toBe(-32601);
    const echo = await openListenStream(`${gateway.url}/echo/mcp`, 'listen-3', { toolsListChanged: true });
    expect(echo.status).toBe(404);
    expect((await echo.received(1))[0]!.error!.code).toBe(-32601);
  });

  it('counts its open streams in /metrics (toolgate_listen_streams_open), and one fewer once a client closes one', async () => {
    const open = () => scrapeSeries(gateway.url, 'toolgate_listen_streams_open');
    const before = (await open())!;
    const stream = await openListenStream(url, 'listen-counted', { resourceSubscriptions: [WATCHED] });
    await stream.received(1);
    expect(await open()).toBe(before + 1);
    stream.close();
    // The count drops once the server sees the stream closed: wait for it (jest's timeout is the bound).
    await until(async () => (await open()) === before);
  });

  it('answers a client that does not accept an event stream 406', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'subscriptions/listen' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'subscriptions/listen', params: { _meta: MODERN_META, notifications: {} } }),
    });
    expect(response.status).toBe(406);
  });
});
