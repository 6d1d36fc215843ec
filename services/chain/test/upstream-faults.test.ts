import { buildChainApp } from './support/chain-app.ts';
import { startLocalServer, type LocalServer } from './support/local-server.ts';

const KEY = 'alk-Fault-Secret-Key';
const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const OWNER = '0x1111111111111111111111111111111111111111';
/** The hung server's: short, since only this limit can end those calls (its message says so). */
const TIMEOUT_MS = 300;
/**
 * Every other fault is an answer, and must be reported as that answer: a limit no loaded machine
 * reaches, so a slow answer is never mistaken for a timeout.
 */
const ANSWER_TIMEOUT_MS = 30_000;
/** One quick retry, and a breaker that stays closed: these tests are about each fault's message (the breaker has its own). */
const resilience = { retry: { retries: 1, initialDelayMs: 10, maxDelayMs: 10 }, breaker: { consecutiveFailures: 100 } };

type Mode = 'hang' | 'http-500' | 'garbage' | 'not-batch' | 'batch-rejected' | 'missing-answer' | 'node-error';

/** How each fault is reported to the caller (the upstream's label comes first). */
const expected: Record<Mode, RegExp> = {
  hang: new RegExp(`no response within ${TIMEOUT_MS} ms \\(timed out\\)\\. Try again shortly\\.$`),
  'http-500': /: server error \(HTTP 500\)\. Try again shortly\.$/,
  garbage: /: sent a response that is not valid JSON\.$/,
  'not-batch': /: reply is not a JSON-RPC (batch )?answer\.$/,
  'batch-rejected': /: node error -32600: batch requests are not allowed\.$/,
  // A batch that lacks an answer, or a lone reply with neither result nor error (Alchemy's metadata call is sent alone).
  'missing-answer': /: (reply lacks the answer to call 2|reply holds a malformed JSON-RPC answer)\.$/,
  'node-error': /: node error -32005: daily request limit reached\.$/,
};

describe('upstream faults become isError results naming the fault', () => {
  let mode: Mode = 'hang';
  let fault: LocalServer;
  let refusedUrl: string;

  beforeAll(async () => {
    fault = await startLocalServer((_request, body, response) => {
      const parsed = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
      const json = (value: unknown) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      switch (mode) {
        case 'hang':
          return; // never answers
        case 'http-500':
          return void response.writeHead(500).end('internal error');
        case 'garbage':
          return void response.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops');
        case 'not-batch':
          return json(Array.isArray(parsed) ? { hello: 'world' } : []);
        case 'batch-rejected':
          return json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch requests are not allowed' } });
        case 'missing-answer':
          return json(Array.isArray(parsed) ? [{ jsonrpc: '2.0', id: 1, result: '0x6080' }] : { jsonrpc: '2.0', id: 1 });
        case 'node-error':
          if (!Array.isArray(parsed)) return json({ jsonrpc: '2.0', id: parsed.id, error: { code: -32005, message: 'daily request limit reached' } });
          return json(parsed.map((call) => (call.id === 1 ? { jsonrpc: '2.0', id: 1, result: '0x6080' } : { jsonrpc: '2.0', id: call.id, error: { code: -32005, message: 'daily request limit reached' } })));
      }
    });
    const closed = await startLocalServer(() => {});
    refusedUrl = closed.url;
    await closed.close();
  });
  afterAll(async () => fault?.close());

  const providers = [
    ['plain JSON-RPC', (timeoutMs: number) => ({ CHAIN_RPC_URLS: JSON.stringify({ 'eth-mainnet': `${fault.url}/rpc` }), UPSTREAM_TIMEOUT_MS: String(timeoutMs) })],
    ['Alchemy', (timeoutMs: number) => ({ ALCHEMY_API_KEY: KEY, ALCHEMY_URL_TEMPLATE: `${fault.url}/{network}/v2/{key}`, UPSTREAM_TIMEOUT_MS: String(timeoutMs) })],
  ] as const;

  describe.each(providers)('on %s', (_name, env) => {
    it.each(Object.keys(expected) as Mode[])('%s', async (faultMode) => {
      mode = faultMode;
      const harness = buildChainApp(env(faultMode === 'hang' ? TIMEOUT_MS : ANSWER_TIMEOUT_MS), { resilience });
      for (const [tool, args] of [
        ['token_metadata', { contract: TOKEN }],
        ['token_allowance', { contract: TOKEN, owner: OWNER, spender: OWNER }],
        ['token_balances', { owner: OWNER, contracts: [TOKEN] }],
        ['native_balance', { address: OWNER }],
        ['token_metadata', { contracts: [TOKEN, OWNER] }],
      ] as const) {
        const result = await harness.call(tool, args);
        expect(result.isError).toBe(true);
        expect(harness.text(result)).toMatch(/^Could not read from the chain: eth-mainnet (JSON-RPC|Alchemy)/);
        expect(harness.text(result)).toMatch(expected[faultMode]);
        expect(JSON.stringify(result)).not.toContain(KEY);
      }
      expect(harness.logLines.join('\n')).not.toContain(KEY);
    });
  });

  it('reports a refused connection', async () => {
    const harness = buildChainApp({ ALCHEMY_API_KEY: KEY, ALCHEMY_URL_TEMPLATE: `${refusedUrl}/{network}/v2/{key}` }, { resilience });
    const result = await harness.call('token_metadata', { contract: TOKEN });
    expect(harness.text(result)).toBe('Could not read from the chain: eth-mainnet Alchemy: unreachable (connection refused). Try again shortly.');
    expect(harness.logLines.join('\n')).not.toContain(KEY);
  });

  it('does not cache a failure: the next call asks again', async () => {
    mode = 'garbage'; // not retried: one request per call
    const harness = buildChainApp(providers[0][1](ANSWER_TIMEOUT_MS), { resilience });
    const before = fault.requests.length;
    await harness.call('token_metadata', { contract: TOKEN });
    await harness.call('token_metadata', { contract: TOKEN });
    expect(fault.requests.length - before).toBe(2);
  });
});
