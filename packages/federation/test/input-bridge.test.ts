import { createInputBridge } from '../src/relay/input-bridge.ts';
import type { AskOutcome, Relay, ServerAsk } from '../src/relay/server-asks.ts';

const elicit = (key: string | undefined, property = 'name'): ServerAsk => ({
  method: 'elicitation/create',
  params: { message: `What is your ${property}?`, requestedSchema: { type: 'object', properties: { [property]: { type: 'string' } } }, ...(key ? { _meta: { 'dev.toolgate/input-key': key } } : {}) },
});
const sample = (key: string): ServerAsk => ({ method: 'sampling/createMessage', params: { messages: [], maxTokens: 10, _meta: { 'dev.toolgate/input-key': key } } });
const roots = (key: string): ServerAsk => ({ method: 'roots/list', params: { _meta: { 'dev.toolgate/input-key': key } } });
const accept = (content: Record<string, unknown>) => ({ action: 'accept', content });

const ALL = { elicitation: {}, sampling: {}, roots: {} };

function request(params: Record<string, unknown> = {}, clientCapabilities: Record<string, unknown> = ALL, signal = new AbortController().signal) {
  return { identity: 'tools/call test', params, clientCapabilities, signal, notify: () => undefined };
}

/** A 2025-era server's call: asks what it is given, in the order given (groups together), and reports what it got. */
function server(...groups: ServerAsk[][]) {
  const seen: AskOutcome[] = [];
  let aborted = false;
  const start = async (relay: Relay, signal: AbortSignal) => {
    signal.addEventListener('abort', () => (aborted = true));
    for (const group of groups) seen.push(...(await Promise.all(group.map((ask) => relay(ask)))));
    return { content: [{ type: 'text', text: JSON.stringify(seen) }] };
  };
  return { start, seen, aborted: () => aborted };
}

const bridgeOf = (overrides: Partial<Parameters<typeof createInputBridge>[0]> = {}) => createInputBridge({ answerTimeoutMs: 60_000, maxParked: 10, gatherMs: 0, ...overrides });

describe('the input bridge: a 2026-07-28 client answering a 2025-era server mid-call', () => {
  it('shows the server request as input_required, named by the key the server asked for, and puts the answer to it', async () => {
    const bridge = bridgeOf();
    const upstream = server([elicit('user_name')]);
    const first = await bridge.forward(request(), upstream.start);
    expect(first).toMatchObject({ resultType: 'input_required', inputRequests: { user_name: { method: 'elicitation/create' } } });
    // toolgate's own _meta key is not shown to the client.
    expect((first.inputRequests as Record<string, ServerAsk>).user_name!.params._meta).toBeUndefined();
    expect(bridge.parked).toBe(1);
    const second = await bridge.forward(request({ inputResponses: { user_name: accept({ name: 'Alice' }) }, requestState: first.requestState }), upstream.start);
    expect(second.content).toEqual([{ type: 'text', text: JSON.stringify([{ result: accept({ name: 'Alice' }) }]) }]);
    expect(bridge.parked).toBe(0);
  });

  it('gathers requests the server sends together into one round, and names unnamed ones by kind', async () => {
    const upstream = server([elicit(undefined), sample('greeting'), roots('client_roots')]);
    const first = await bridgeOf().forward(request(), upstream.start);
    expect(Object.keys(first.inputRequests as object).sort()).toEqual(['client_roots', 'elicitation-1', 'greeting']);
  });

  it('asks again, with a new requestState, for what the server asks next, and answers only once all are in', async () => {
    const bridge = bridgeOf();
    const upstream = server([elicit('step1')], [elicit('step2', 'color')]);
    const one = await bridge.forward(request(), upstream.start);
    const two = await bridge.forward(request({ inputResponses: { step1: accept({ name: 'Alice' }) }, requestState: one.requestState }), upstream.start);
    expect(two).toMatchObject({ resultType: 'input_required', inputRequests: { step2: { method: 'elicitation/create' } } });
    expect(two.requestState).not.toBe(one.requestState);
    // The first round's state is spent.
    await expect(bridge.forward(request({ inputResponses: { step1: accept({}) }, requestState: one.requestState }), upstream.start)).rejects.toMatchObject({ code: -32602 });
    const three = await bridge.forward(request({ inputResponses: { step2: accept({ color: 'blue' }) }, requestState: two.requestState }), upstream.start);
    expect(three.resultType).toBeUndefined();
    expect(upstream.seen).toHaveLength(2);
  });

  it('keeps asking for what a partial answer left out', async () => {
    const bridge = bridgeOf();
    const upstream = server([elicit('a'), elicit('b', 'color')]);
    const one = await bridge.forward(request(), upstream.start);
    const two = await bridge.forward(request({ inputResponses: { a: accept({}), unrelated: accept({}) }, requestState: one.requestState }), upstream.start);
    expect(Object.keys(two.inputRequests as object)).toEqual(['b']);
  });

  it('refuses a requestState that was changed, or that names another request', async () => {
    const bridge = bridgeOf();
    const one = await bridge.forward(request(), server([elicit('k')]).start);
    await expect(bridge.forward(request({ inputResponses: {}, requestState: `${String(one.requestState)}-TAMPERED` }), server().start)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('integrity'),
    });
    const other = { ...request({ requestState: one.requestState }), identity: 'tools/call another' };
    await expect(bridge.forward(other, server().start)).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('belongs to tools/call test') });
  });

  it('answers from inputResponses sent without a state, and asks for what they do not hold', async () => {
    const answered = await bridgeOf().forward(request({ inputResponses: { user_name: accept({ name: 'Bo' }), extra: accept({ x: 1 }) } }), server([elicit('user_name')]).start);
    expect(answered.resultType).toBeUndefined();
    const reasked = await bridgeOf().forward(request({ inputResponses: { wrong_key: accept({}) } }), server([elicit('user_name')]).start);
    expect(reasked).toMatchObject({ resultType: 'input_required', inputRequests: { user_name: {} } });
  });

  it('refuses inputResponses that are not answers before anything reaches the server', async () => {
    const upstream = server([elicit('user_name')]);
    await expect(bridgeOf().forward(request({ inputResponses: { user_name: 12345 } }), upstream.start)).rejects.toMatchObject({ code: -32602 });
    await expect(bridgeOf().forward(request({ inputResponses: null }), upstream.start)).rejects.toMatchObject({ code: -32602 });
    expect(upstream.seen).toHaveLength(0);
  });

  it('never asks a client what it did not declare: the server gets an error for it and goes on', async () => {
    const upstream = server([elicit('user_name'), sample('topic')]);
    const first = await bridgeOf().forward(request({}, { sampling: {} }), upstream.start);
    expect(Object.keys(first.inputRequests as object)).toEqual(['topic']);
  });

  it('cancels the upstream request when the client does not come back in time', async () => {
    const bridge = bridgeOf({ answerTimeoutMs: 1 });
    const upstream = server([elicit('k')]);
    await bridge.forward(request(), upstream.start);
    while (!upstream.aborted()) await new Promise((resolve) => setImmediate(resolve));
    expect(bridge.parked).toBe(0);
  });

  it('cancels the upstream request when the client goes away before the server asked anything', async () => {
    const client = new AbortController();
    let upstreamSignal: AbortSignal | undefined;
    const pending = bridgeOf().forward(request({}, ALL, client.signal), (_relay, signal) => {
      upstreamSignal = signal;
      return new Promise(() => undefined);
    });
    client.abort(new Error('gone'));
    await expect(pending).rejects.toThrow('gone');
    expect(upstreamSignal?.aborted).toBe(true);
  });

  it('holds a bounded number of waiting calls: past it the server is refused, not the gateway filled', async () => {
    const bridge = bridgeOf({ maxParked: 1 });
    await bridge.forward(request(), server([elicit('k')]).start);
    const refused = server([elicit('k')]);
    const second = await bridge.forward(request(), refused.start);
    expect(second.resultType).toBeUndefined();
    expect(refused.seen[0]).toMatchObject({ error: { message: expect.stringContaining('waiting for their clients') } });
  });

  it('passes on what the server threw', async () => {
    const failure = Object.assign(new Error('Tool exploded'), { code: -32603 });
    await expect(bridgeOf().forward(request(), async () => Promise.reject(failure))).rejects.toBe(failure);
  });
});
