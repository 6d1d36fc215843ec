import { buildChainApp } from './support/chain-app.ts';
import { startLocalServer, type LocalServer } from './support/local-server.ts';

const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const OWNER = '0x1111111111111111111111111111111111111111';
const PROJECT_ID = 'c0ffee5ecret1d0f1nfura';
const ALCHEMY_KEY = 'alk-Echo-Secret-Key-42';

/**
 * A node that echoes the request back inside its JSON-RPC errors, as misconfigured proxies and
 * some providers do: the URL (with its key), the key alone, and the key in the error's data.
 */
async function startEchoingNode(): Promise<LocalServer> {
  return startLocalServer((request, body, response) => {
    const host = request.headers.host;
    const url = `http://${host}${request.url}`;
    const key = request.url?.split('/').filter(Boolean).at(-1) ?? '';
    const error = (id: unknown) => ({
      jsonrpc: '2.0',
      id,
      error: { code: -32000, message: `upstream ${url} refused project ${key}`, data: { request: url, key } },
    });
    const parsed = JSON.parse(body);
    const reply = Array.isArray(parsed) ? parsed.map((call: { id: unknown }) => error(call.id)) : error(parsed.id);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
  });
}

describe("a node's own error text never carries the RPC URL's key", () => {
  let node: LocalServer;
  beforeAll(async () => {
    node = await startEchoingNode();
  });
  afterAll(async () => node?.close());

  const cases = [
    ['a CHAIN_RPC_URLS entry with the key in its path', () => ({ CHAIN_RPC_URLS: JSON.stringify({ 'eth-mainnet': `${node.url}/v3/${PROJECT_ID}` }) }), PROJECT_ID],
    ['Alchemy', () => ({ ALCHEMY_API_KEY: ALCHEMY_KEY, ALCHEMY_URL_TEMPLATE: `${node.url}/{network}/v2/{key}` }), ALCHEMY_KEY],
  ] as const;

  it.each(cases)('%s: redacted in the tool result and in the logs', async (_name, env, secret) => {
    const harness = buildChainApp(env());
    for (const [tool, args] of [
      ['token_metadata', { contract: TOKEN }],
      ['token_allowance', { contract: TOKEN, owner: OWNER, spender: OWNER }],
    ] as const) {
      const result = await harness.call(tool, args);
      expect(result.isError).toBe(true);
      // The node's words still come through (so the failure is understandable), minus the key.
      expect(harness.text(result)).toMatch(/(node error -32000|eth_getCode failed): upstream http:\/\/127\.0\.0\.1:\d+.*\[redacted\] refused project \[redacted\]/);
      expect(JSON.stringify(result)).not.toContain(secret);
    }
    const logs = harness.logLines.join('\n');
    expect(logs).toContain('chain upstream failed');
    expect(logs).not.toContain(secret);
  });
});

describe('credentials in an RPC URL itself never reach a log line or an answer (issue 28, item 7)', () => {
  let node: LocalServer;
  beforeAll(async () => {
    // A node that fails every request: the failure is logged with the request's URL.
    node = await startLocalServer((_request, _body, response) => void response.writeHead(503, { 'content-type': 'text/plain' }).end('down'));
  });
  afterAll(async () => node?.close());

  it.each([
    ['a password in the userinfo (http://user:pass@host)', (url: string) => url.replace('http://', 'http://alice:pw1@'), ['pw1', 'alice:']],
    ['a key in a query parameter', (url: string) => `${url}/rpc?apikey=qk9&network=mainnet`, ['qk9']],
  ])('%s', async (_name, withSecret, secrets) => {
    const harness = buildChainApp({ CHAIN_RPC_URLS: JSON.stringify({ 'eth-mainnet': withSecret(node.url) }), UPSTREAM_TIMEOUT_MS: '1000' }, { resilience: { retry: { retries: 0 } } });
    const result = await harness.call('token_metadata', { contract: TOKEN });
    expect(result.isError).toBe(true);
    const logs = harness.logLines.join('\n');
    expect(logs).toContain('upstream attempt failed');
    expect(logs).toContain('[redacted]');
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      expect(JSON.stringify(result)).not.toContain(secret);
    }
  });
});
