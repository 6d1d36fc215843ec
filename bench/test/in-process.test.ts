import type { RequestListener } from 'node:http';
import { callOnce } from '../src/call-once.ts';
import { injector } from '../src/in-process/inject.ts';
import { startOtlpReceiver } from '@toolgate/test-support';
import { DEFAULT_IN_PROCESS_TARGETS, listenerFor } from '../src/in-process/listeners.ts';
import { SOCRATES_QUOTE } from '../src/quote-tool.ts';
import { LEGACY_CALL, MCP_PATH } from '../src/scenarios.ts';
import { spawnServer } from '../src/spawn-server.ts';

// The in-process benchmark runs each server's request listener without sockets: it must run
// the same code path and give the same answer as a real HTTP call does. Nothing is timed here.
function bodyOf(rawAnswer: string): unknown {
  return JSON.parse(rawAnswer.slice(rawAnswer.indexOf('\r\n\r\n') + 4));
}

describe('in-process calls (bench:inprocess)', () => {
  const listeners = new Map<string, RequestListener>();
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    for (const target of DEFAULT_IN_PROCESS_TARGETS) {
      const { listener, close } = await listenerFor(target);
      listeners.set(target, listener);
      closers.push(close);
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all(closers.map((close) => close()));
  });

  it.each(DEFAULT_IN_PROCESS_TARGETS.map((target) => [target]))('%s answers the injected call as it answers over HTTP', async (target) => {
    const calling = injector(listeners.get(target)!, LEGACY_CALL, MCP_PATH);
    await calling.call();
    const answer = calling.lastAnswer();
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);

    const server = await spawnServer(`${target}-server.ts`, { startTimeoutMs: 60_000 });
    try {
      const overHttp = await callOnce(server.url + MCP_PATH, LEGACY_CALL);
      expect(bodyOf(answer)).toEqual(overHttp.message);
      expect(bodyOf(answer)).toMatchObject({ id: 1, result: { structuredContent: SOCRATES_QUOTE } });
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('gateway-traced answers as the gateway does, and really exports its spans', async () => {
    const receiver = await startOtlpReceiver();
    process.env.BENCH_OTLP_ENDPOINT = receiver.url;
    const traced = await listenerFor('gateway-traced');
    try {
      const calling = injector(traced.listener, LEGACY_CALL, MCP_PATH);
      await calling.call();
      const plain = injector(listeners.get('gateway')!, LEGACY_CALL, MCP_PATH);
      await plain.call();
      expect(bodyOf(calling.lastAnswer())).toEqual(bodyOf(plain.lastAnswer()));
      await traced.close();
      // Protobuf (the default protocol): the tool span's name is in the export's bytes.
      expect(receiver.exports().some((exported) => exported.body.includes(Buffer.from('tools/call random_quote')))).toBe(true);
    } finally {
      delete process.env.BENCH_OTLP_ENDPOINT;
      await receiver.close();
    }
  }, 60_000);

  it('each call is a fresh request: a thousand in a row all finish and all answer 200', async () => {
    const calling = injector(listeners.get('gateway')!, LEGACY_CALL, MCP_PATH);
    for (let call = 0; call < 1_000; call++) {
      await calling.call();
      expect(calling.lastAnswer().startsWith('HTTP/1.1 200 OK')).toBe(true);
    }
  });

  // The policy targets (issue 27): the gateway with one API_KEYS key, or 1,000 named keys, or audit lines.
  it.each([['gateway-audit'], ['gateway-api-key'], ['gateway-policy-file']] as const)('%s answers the injected call (with its key, if it has keys) and a keyless one only when open', async (target) => {
    const { listener, headers, close } = await listenerFor(target);
    try {
      const calling = injector(listener, { ...LEGACY_CALL, headers: { ...LEGACY_CALL.headers, ...headers } }, MCP_PATH);
      await calling.call();
      expect(bodyOf(calling.lastAnswer())).toMatchObject({ id: 1, result: { structuredContent: SOCRATES_QUOTE } });
      const keyless = injector(listener, LEGACY_CALL, MCP_PATH);
      await keyless.call();
      expect(keyless.lastAnswer()).toMatch(target === 'gateway-audit' ? /^HTTP\/1\.1 200 OK/ : /^HTTP\/1\.1 401 Unauthorized/);
    } finally {
      await close();
    }
  }, 60_000);
});
