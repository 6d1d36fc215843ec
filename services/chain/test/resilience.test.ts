import { buildChainApp } from './support/chain-app.ts';
import { startDevChain, type DevChain } from './support/dev-chain.ts';
import { startLocalServer, type LocalServer } from './support/local-server.ts';

/**
 * The default transport's retries and circuit breaker (@toolgate/upstream), against a real dev
 * chain behind a proxy that answers with an injected HTTP status for the next N requests.
 */
describe('chain pack resilience', () => {
  let chain: DevChain;
  let proxy: LocalServer;
  let failNext = 0;
  let failStatus = 500;

  beforeAll(async () => {
    chain = await startDevChain();
    proxy = await startLocalServer(async (_request, body, response) => {
      if (failNext > 0) {
        failNext -= 1;
        return void response.writeHead(failStatus, { 'content-type': 'text/plain' }).end('injected');
      }
      const upstream = await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
    });
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    await chain?.close();
  });
  beforeEach(() => {
    failNext = 0;
    failStatus = 500;
  });

  // devchain goes through the flaky proxy; devchain-direct is a second endpoint with its own breaker.
  const env = () => ({ CHAIN_RPC_URLS: JSON.stringify({ devchain: `${proxy.url}/rpc`, 'devchain-direct': chain.url }), UPSTREAM_TIMEOUT_MS: '5000' });

  it('recovers transparently from an HTTP 500 by retrying the read-only batch', async () => {
    const harness = buildChainApp(env(), { resilience: { retry: { retries: 2, initialDelayMs: 10, maxDelayMs: 20 } } });
    failNext = 1;
    const before = proxy.requests.length;
    const metadata = await harness.call('token_metadata', { contract: chain.erc20, chain: 'devchain' });
    expect(metadata.isError).toBeFalsy();
    expect(metadata.structuredContent).toEqual({ name: 'Toolgate Token', symbol: 'TGT', decimals: 18, logo: null });
    expect(proxy.requests.length - before).toBe(2);

    failNext = 1;
    const allowance = await harness.call('token_allowance', { contract: chain.erc20, owner: chain.accounts[0], spender: chain.accounts[2], chain: 'devchain' });
    expect(allowance.structuredContent).toEqual({ allowance: `0x${chain.approved.toString(16)}` });
    expect(proxy.requests.length - before).toBe(4);
  });

  it('does not retry what is not retryable (HTTP 400): one request, isError', async () => {
    const harness = buildChainApp(env(), { resilience: { retry: { retries: 2, initialDelayMs: 10, maxDelayMs: 20 } } });
    failNext = 1;
    failStatus = 400;
    const before = proxy.requests.length;
    const result = await harness.call('token_metadata', { contract: chain.erc20, chain: 'devchain' });
    expect(result.isError).toBe(true);
    expect(harness.text(result)).toBe('Could not read from the chain: devchain JSON-RPC: request rejected (HTTP 400).');
    expect(proxy.requests.length - before).toBe(1);
  });

  it('opens the breaker after repeated failures, fails fast without a request, spares other endpoints, and closes after recovery', async () => {
    const harness = buildChainApp(env(), { resilience: { retry: { retries: 0 }, breaker: { consecutiveFailures: 3, halfOpenAfterMs: 500 } } });
    failNext = 1000;
    failStatus = 503;
    const before = proxy.requests.length;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const result = await harness.call('token_allowance', { contract: chain.erc20, owner: chain.accounts[0], spender: chain.accounts[2], chain: 'devchain' });
      expect(harness.text(result)).toMatch(/^Could not read from the chain: devchain JSON-RPC: server error \(HTTP 503\)/);
    }
    // Failing fast: no request reaches the node (counted below), whatever the clock says.
    const open = await harness.call('token_metadata', { contract: chain.erc20, chain: 'devchain' });
    expect(open.isError).toBe(true);
    expect(harness.text(open)).toMatch(/^Could not read from the chain: devchain JSON-RPC: unavailable after repeated failures \(circuit open: failing fast\), retry in 1 s/);
    expect(proxy.requests.length - before).toBe(3);
    expect(harness.logLines.join('\n')).toContain('circuit opened: failing fast');

    const other = await harness.call('token_metadata', { contract: chain.erc20, chain: 'devchain-direct' });
    expect(other.structuredContent).toMatchObject({ symbol: 'TGT' });

    failNext = 0;
    await new Promise((resolve) => setTimeout(resolve, 700));
    const healed = await harness.call('token_metadata', { contract: chain.erc20, chain: 'devchain' });
    expect(healed.structuredContent).toMatchObject({ symbol: 'TGT' });
  });
});
