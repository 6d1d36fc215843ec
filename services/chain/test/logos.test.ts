import { createMemoryStore } from '@toolgate/upstream';
import type { TokenMetadata } from '../src/token-service.ts';
import { buildChainApp } from './support/chain-app.ts';
import { startDevChain, type DevChain } from './support/dev-chain.ts';
import { startLocalServer, type LocalServer } from './support/local-server.ts';

describe('logos on plain JSON-RPC: a URL only after it was seen to exist', () => {
  let chain: DevChain;
  let logos: LocalServer;
  let logoStatus = 200;

  beforeAll(async () => {
    chain = await startDevChain();
    logos = await startLocalServer((request, _body, response) => {
      // Only the ERC-20's asset folder exists; the status of that one is set by the test.
      response.writeHead(request.url?.includes(chain.erc20) ? logoStatus : 404).end();
    });
  }, 60_000);
  afterAll(async () => {
    await logos?.close();
    await chain?.close();
  });

  // The dev chain stands in for eth-mainnet, whose Trust Wallet folder is "ethereum".
  const build = (metadataStore?: ReturnType<typeof createMemoryStore<TokenMetadata>>) =>
    buildChainApp({ CHAIN_RPC_URLS: JSON.stringify({ 'eth-mainnet': chain.url }) }, { logoBaseUrl: logos.url, metadataStore });

  it('gives the Trust Wallet URL by checksum address when it answers 200, checked once', async () => {
    logoStatus = 200;
    const harness = build();
    const before = logos.requests.length;
    const first = await harness.call('token_metadata', { contract: chain.erc20.toLowerCase() });
    expect(first.structuredContent?.logo).toBe(`${logos.url}/blockchains/ethereum/assets/${chain.erc20}/logo.png`);
    await harness.call('token_metadata', { contract: chain.erc20 });
    expect(logos.requests.slice(before)).toEqual([{ method: 'HEAD', path: `/blockchains/ethereum/assets/${chain.erc20}/logo.png`, body: '' }]);
  });

  it('gives null, not a guessed URL, when there is no logo', async () => {
    const result = await build().call('token_metadata', { contract: chain.bytes32Token });
    expect(result.structuredContent).toEqual({ name: 'Maker', symbol: 'MKR', decimals: 18, logo: null });
  });

  it('gives null on chains Trust Wallet does not cover, without asking', async () => {
    const harness = buildChainApp({ CHAIN_RPC_URLS: JSON.stringify({ devchain: chain.url }) }, { logoBaseUrl: logos.url });
    const before = logos.requests.length;
    const result = await harness.call('token_metadata', { contract: chain.erc20, chain: 'devchain' });
    expect(result.structuredContent?.logo).toBeNull();
    expect(logos.requests.length).toBe(before);
  });

  it('keeps metadata briefly when the logo check failed, then checks again', async () => {
    logoStatus = 503;
    let now = 1_000_000;
    const harness = build(createMemoryStore<TokenMetadata>({ now: () => now }));
    const before = logos.requests.length;
    const first = await harness.call('token_metadata', { contract: chain.erc20 });
    expect(first.structuredContent?.logo).toBeNull();
    now += 60_000; // a minute later: still cached
    await harness.call('token_metadata', { contract: chain.erc20 });
    expect(logos.requests.length - before).toBe(1);
    logoStatus = 200;
    now += 10 * 60_000; // past the short lifetime: read again, and this time the logo is there
    const later = await harness.call('token_metadata', { contract: chain.erc20 });
    expect(later.structuredContent?.logo).toBe(`${logos.url}/blockchains/ethereum/assets/${chain.erc20}/logo.png`);
    expect(logos.requests.length - before).toBe(2);
  });

  it('keeps metadata with a found logo for a day', async () => {
    logoStatus = 200;
    let now = 5_000_000;
    const harness = build(createMemoryStore<TokenMetadata>({ now: () => now }));
    await harness.call('token_metadata', { contract: chain.bytes32Token });
    now += 23 * 3_600_000;
    const requestsBefore = logos.requests.length;
    await harness.call('token_metadata', { contract: chain.bytes32Token });
    expect(logos.requests.length).toBe(requestsBefore);
  });
});
