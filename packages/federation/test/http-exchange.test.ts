import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { HttpSession } from '../src/http-exchange.ts';
import { createHttpExchanger, type ExchangeOptions, type ExchangeTimers } from '../src/http-exchange.ts';
import { createInputBridge } from '../src/relay/input-bridge.ts';
import type { AskOutcome, ServerAsk } from '../src/relay/server-asks.ts';
import { startConformanceFixture, type ChildServer } from './support/child-server.ts';

/** Timers that fire only when the test says: the exchange's bound, without a wall clock. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers: ExchangeTimers = {
    set: (run) => {
      pending.set((next += 1), run);
      return next;
    },
    clear: (timer) => void pending.delete(timer as number),
  };
  return { timers, fireAll: () => [...pending.values()].forEach((run) => run()), get armed() {
    return pending.size;
  } };
}

describe('the HTTP exchange: one forwarded request, with what the server sends before its answer', () => {
  let server: ChildServer;
  let client: Client;
  let session: HttpSession;

  beforeAll(async () => {
    server = await startConformanceFixture();
    client = new Client({ name: 'toolgate', version: '0.1.0' }, { capabilities: { elicitation: {}, sampling: {}, roots: {} } });
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    await client.connect(transport);
    session = { url: new URL(server.url), headers: {}, sessionId: transport.sessionId, protocolVersion: transport.protocolVersion };
  });
  afterAll(async () => {
    await client?.close();
    await server?.kill();
  });

  const exchanger = (timers?: ExchangeTimers) => createHttpExchanger(new URL(server.url), 1024 * 1024, timers);
  const noAsks = async (ask: ServerAsk): Promise<AskOutcome> => ({ error: { code: -32601, message: `not expected: ${ask.method}` } });
  const options = (overrides: Partial<ExchangeOptions> = {}): ExchangeOptions => ({ timeoutMs: 10_000, signal: new AbortController().signal, relay: noAsks, notify: () => undefined, ...overrides });

  it('hands the progress notifications on as they come, then resolves with the result', async () => {
    const seen: [string, Record<string, unknown>][] = [];
    const params = { name: 'test_tool_with_progress', arguments: {}, _meta: { progressToken: 'up-1' } };
    const result = await exchanger().exchange(session, 'tools/call', params, options({ notify: (method, p) => seen.push([method, p]) }));
    expect(seen.map(([method, p]) => [method, p.progressToken, p.progress])).toEqual([
      ['notifications/progress', 'up-1', 0],
      ['notifications/progress', 'up-1', 50],
      ['notifications/progress', 'up-1', 100],
    ]);
    expect(result.content).toEqual([{ type: 'text', text: 'Progress test completed' }]);
  });

  it('hands the log lines on', async () => {
    const lines: unknown[] = [];
    await exchanger().exchange(session, 'tools/call', { name: 'test_tool_with_logging', arguments: {} }, options({ notify: (method, p) => method === 'notifications/message' && lines.push(p.data) }));
    expect(lines).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
  });

  it("puts the server's request to the relay and the relay's answer back to the server", async () => {
    const asked: ServerAsk[] = [];
    const relay = async (ask: ServerAsk): Promise<AskOutcome> => {
      asked.push(ask);
      return { result: { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } } };
    };
    const result = await exchanger().exchange(session, 'tools/call', { name: 'test_elicitation', arguments: { message: 'Who are you?' } }, options({ relay }));
    expect(asked).toEqual([{ method: 'elicitation/create', params: expect.objectContaining({ message: 'Who are you?' }) }]);
    expect(result.content).toEqual([{ type: 'text', text: 'User response: action=accept, content={"username":"ada","email":"ada@example.com"}' }]);
  });

  it('does not count the time the client takes to answer against the bound', async () => {
    const clock = manualTimers();
    let asked: () => void = () => undefined;
    const whenAsked = new Promise<void>((resolve) => (asked = resolve));
    let answer: (outcome: AskOutcome) => void = () => undefined;
    const relay = (ask: ServerAsk) => {
      expect(ask.method).toBe('sampling/createMessage');
      asked();
      return new Promise<AskOutcome>((resolve) => (answer = resolve));
    };
    const settled = exchanger(clock.timers).exchange(session, 'tools/call', { name: 'test_sampling', arguments: { prompt: 'hi' } }, options({ relay }));
    await whenAsked;
    // While the client is asked, no bound runs: firing every timer there is changes nothing.
    expect(clock.armed).toBe(0);
    clock.fireAll();
    answer({ result: { role: 'assistant', content: { type: 'text', text: 'hello' }, model: 'test' } });
    expect((await settled).content).toEqual([{ type: 'text', text: 'LLM response: hello' }]);
  });

  it('times out when the server takes past the bound (the server is told to stop)', async () => {
    const clock = manualTimers();
    const pending = exchanger(clock.timers).exchange(session, 'tools/call', { name: 'slow_compute', arguments: { seconds: 30 } }, options());
    while (clock.armed === 0) await new Promise((resolve) => setImmediate(resolve));
    clock.fireAll();
    await expect(pending).rejects.toMatchObject({ name: 'CallAbandonedError', timedOut: true });
  });

  it('resumes a stream the server closes before its answer (SEP-1699), and gets the answer there', async () => {
    const result = await exchanger().exchange(session, 'tools/call', { name: 'test_reconnection', arguments: {} }, options());
    expect(result.content).toEqual([{ type: 'text', text: 'Reconnection test completed successfully' }]);
  });

  it("rejects with the server's JSON-RPC error, code and data kept", async () => {
    await expect(exchanger().exchange(session, 'resources/read', { uri: 'test://missing' }, options())).rejects.toMatchObject({
      name: 'RemoteRpcError',
      code: -32002,
      data: { uri: 'test://missing' },
    });
  });

  it('lets a 2026-07-28 client answer, across rounds, what the server asked in the middle of one call', async () => {
    const bridge = createInputBridge({ answerTimeoutMs: 60_000, maxParked: 10, gatherMs: 10 });
    const start = (relay: (ask: ServerAsk) => Promise<AskOutcome>, signal: AbortSignal) =>
      exchanger().exchange(session, 'tools/call', { name: 'test_input_required_result_multiple_inputs', arguments: {} }, options({ relay, signal }));
    const request = (params: Record<string, unknown>) => ({ identity: 'tools/call multi', params, clientCapabilities: { elicitation: {}, sampling: {}, roots: {} }, signal: new AbortController().signal, notify: () => undefined });
    const first = await bridge.forward(request({}), start);
    expect(first.resultType).toBe('input_required');
    const inputRequests = first.inputRequests as Record<string, ServerAsk>;
    expect(Object.fromEntries(Object.entries(inputRequests).map(([key, ask]) => [key, ask.method]))).toEqual({
      user_name: 'elicitation/create',
      greeting: 'sampling/createMessage',
      client_roots: 'roots/list',
    });
    const inputResponses = {
      user_name: { action: 'accept', content: { name: 'Alice' } },
      greeting: { role: 'assistant', content: { type: 'text', text: 'Hello there!' }, model: 'test' },
      client_roots: { roots: [{ uri: 'file:///work', name: 'work' }] },
    };
    const done = await bridge.forward(request({ inputResponses, requestState: first.requestState }), start);
    expect(done.content).toEqual([{ type: 'text', text: 'name {"name":"Alice"}, greeting Hello there!, 1 roots' }]);
  });
});
