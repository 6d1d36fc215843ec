import { startServer, type RunningServer } from '../../src/index.ts';
import { conformanceModule } from '../support/content-modules.ts';

const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** The messages of an answer: one JSON body, or each `data:` of an event stream. */
async function messagesOf(response: Response): Promise<Record<string, any>[]> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return [JSON.parse(text)];
  return text.split('\n\n').flatMap((event) => event.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6))));
}

describe('a call’s answer as a stream: notifications before the result, only when the client takes one', () => {
  let gateway: RunningServer;
  let url: string;
  beforeAll(async () => {
    gateway = await startServer({ service: 't', modules: [conformanceModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent' } });
    url = `${gateway.url}/conformance/mcp`;
  });
  afterAll(() => gateway.close());

  const progressCall = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'test_tool_with_progress', arguments: {}, _meta: { progressToken: 'p-1' } } };

  it('2025-era: progress events, then the result, on an event stream', async () => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(progressCall) });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const messages = await messagesOf(response);
    expect(messages.slice(0, 3).map((message) => [message.method, message.params.progressToken, message.params.progress])).toEqual([
      ['notifications/progress', 'p-1', 0],
      ['notifications/progress', 'p-1', 50],
      ['notifications/progress', 'p-1', 100],
    ]);
    expect(messages[3]).toMatchObject({ id: 7, result: { content: [{ type: 'text', text: 'Tool with progress executed successfully' }] } });
  });

  it('a client that takes only JSON (or the bare call) gets the result alone, as before', async () => {
    const variants: Record<string, string>[] = [{ 'content-type': 'application/json', accept: 'application/json' }, { 'content-type': 'application/json' }];
    for (const headers of variants) {
      const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(progressCall) });
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await messagesOf(response)).toEqual([expect.objectContaining({ id: 7, result: expect.any(Object) })]);
    }
  });

  it('a call that sends nothing before its result is answered as JSON even when the client takes a stream', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'test_simple_text', arguments: {} } }),
    });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  const modern = (body: Record<string, unknown>, method: string, name: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, 'mcp-name': name },
      body: JSON.stringify(body),
    });

  it('2026-07-28: progress streams too; a log line only when the request asked for its level', async () => {
    const progress = await messagesOf(await modern({ ...progressCall, params: { ...progressCall.params, _meta: { ...ENVELOPE, progressToken: 'p-2' } } }, 'tools/call', 'test_tool_with_progress'));
    expect(progress.filter((message) => message.method === 'notifications/progress')).toHaveLength(3);
    expect(progress.at(-1)).toMatchObject({ id: 7, result: { resultType: 'complete' } });

    const logCall = (meta: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'test_logging_tool', arguments: {}, _meta: { ...ENVELOPE, ...meta } } });
    const silent = await messagesOf(await modern(logCall({}), 'tools/call', 'test_logging_tool'));
    expect(silent.map((message) => message.method ?? 'result')).toEqual(['result']);
    const logged = await messagesOf(await modern(logCall({ 'io.modelcontextprotocol/logLevel': 'info' }), 'tools/call', 'test_logging_tool'));
    expect(logged[0]).toMatchObject({ method: 'notifications/message', params: { level: 'info', data: 'test_logging_tool ran' } });
    const filtered = await messagesOf(await modern(logCall({ 'io.modelcontextprotocol/logLevel': 'error' }), 'tools/call', 'test_logging_tool'));
    expect(filtered.map((message) => message.method ?? 'result')).toEqual(['result']);
  });

  it('2026-07-28: the client is asked through input_required rounds, with the answers so far sealed', async () => {
    const call = (extra: Record<string, unknown>) =>
      modern({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'test_input_required_result_multi_round', arguments: {}, ...extra, _meta: ENVELOPE } }, 'tools/call', 'test_input_required_result_multi_round');
    const first = (await messagesOf(await call({})))[0]!.result;
    expect(first).toMatchObject({ resultType: 'input_required', inputRequests: { step1: { method: 'elicitation/create' } }, requestState: expect.any(String) });
    const second = (await messagesOf(await call({ inputResponses: { step1: { action: 'accept', content: { name: 'Ada' } } }, requestState: first.requestState })))[0]!.result;
    expect(second).toMatchObject({ resultType: 'input_required', inputRequests: { step2: expect.any(Object) } });
    const third = (await messagesOf(await call({ inputResponses: { step2: { action: 'accept', content: { color: 'blue' } } }, requestState: second.requestState })))[0]!.result;
    expect(third).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'Name {"name":"Ada"}, colour {"color":"blue"}' }] });
    // The state is good for this tool only: another tool refuses it.
    const elsewhere = await modern(
      { jsonrpc: '2.0', id: 11, method: 'tools/call', params: { name: 'test_input_required_result_elicitation', arguments: {}, requestState: second.requestState, inputResponses: {}, _meta: ENVELOPE } },
      'tools/call',
      'test_input_required_result_elicitation',
    );
    expect((await messagesOf(elsewhere))[0]!.error).toMatchObject({ code: -32602, message: expect.stringContaining('belongs to tools/call test_input_required_result_multi_round') });
  });
});
