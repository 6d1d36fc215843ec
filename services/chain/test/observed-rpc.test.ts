import type { UpstreamAttempt, UpstreamAttemptResult, UpstreamObserver } from '@toolgate/core';
import { buildChainApp } from './support/chain-app.ts';
import { startDevChain, type DevChain } from './support/dev-chain.ts';
import { startLocalServer, type LocalServer } from './support/local-server.ts';

/** The chain pack's JSON-RPC traffic and caches through the upstream observer (metrics, traces). */
describe('the chain pack, observed', () => {
  let chain: DevChain;
  let node: LocalServer;
  const traceparents: (string | undefined)[] = [];

  beforeAll(async () => {
    chain = await startDevChain();
    // In front of the dev chain: what each request carried in its headers.
    node = await startLocalServer(async (request, body, response) => {
      traceparents.push(request.headers.traceparent as string | undefined);
      const answer = await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
  }, 60_000);
  afterAll(async () => {
    await node?.close();
    await chain?.close();
  });

  it('labels each JSON-RPC request by its method (a mixed batch as `batch`), sends the observer headers, and names its caches', async () => {
    const attempts: { started: UpstreamAttempt; ended?: UpstreamAttemptResult }[] = [];
    const lookups: string[] = [];
    const observer: UpstreamObserver = {
      attemptStarted(started) {
        const entry: (typeof attempts)[number] = { started };
        attempts.push(entry);
        return { headers: { traceparent: `00-${'b'.repeat(32)}-${'c'.repeat(16)}-01` }, end: (result) => (entry.ended = result) };
      },
      cacheLookedUp: ({ cache, result }) => lookups.push(`${cache} ${result}`),
    };
    const harness = buildChainApp({ CHAIN_RPC_URLS: JSON.stringify({ devchain: node.url }) }, { observer });

    expect((await harness.call('chain_info', { chain: 'devchain' })).isError).toBeUndefined();
    expect((await harness.call('block', { chain: 'devchain', block: 0 })).isError).toBeUndefined();
    expect((await harness.call('block', { chain: 'devchain', block: 0 })).isError).toBeUndefined();

    expect(attempts.map(({ started, ended }) => [started.upstream, started.operation, started.method, ended?.outcome, ended?.statusCode])).toEqual([
      ['devchain JSON-RPC', 'batch', 'POST', 'success', 200],
      ['devchain JSON-RPC', 'eth_getBlockByNumber', 'POST', 'success', 200],
    ]);
    expect(traceparents).toEqual([`00-${'b'.repeat(32)}-${'c'.repeat(16)}-01`, `00-${'b'.repeat(32)}-${'c'.repeat(16)}-01`]);
    expect(lookups).toEqual(['chain:block miss', 'chain:block hit']);
  });
});
