import { getAddress } from 'ethers';
import { buildChainApp } from './support/chain-app.ts';
import { startDevChain, type DevChain } from './support/dev-chain.ts';
import { alchemyFixture, startFakeAlchemy } from './support/fake-alchemy.ts';
import { startLocalServer, type LocalServer } from './support/local-server.ts';

const KEY = 'alk-3f9Secret-Key';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

describe('chain pack on Alchemy (recorded replies; standard reads go to a real dev chain)', () => {
  let chain: DevChain;
  let alchemy: LocalServer;
  let logos: LocalServer;
  let env: Record<string, string>;
  let harness: ReturnType<typeof buildChainApp>;

  beforeAll(async () => {
    chain = await startDevChain();
    alchemy = await startFakeAlchemy({
      key: KEY,
      chainUrl: chain.url,
      metadata: {
        [USDC.toLowerCase()]: alchemyFixture('token-metadata-usdc'),
        [chain.erc20.toLowerCase()]: alchemyFixture('token-metadata-decimals-null'),
        [chain.notToken.toLowerCase()]: alchemyFixture('token-metadata-not-a-token'),
        [chain.eoa.toLowerCase()]: alchemyFixture('token-metadata-not-a-token'),
        // bytes32Token and nft are not listed: Alchemy answers -32602 (unindexed).
      },
      balances: {
        // The documented alchemy_getTokenBalances shape, with the dev chain's tokens (hand-filled: SOURCES.md).
        [chain.accounts[1]!.toLowerCase()]: {
          result: {
            address: chain.accounts[1]!.toLowerCase(),
            tokenBalances: [
              { contractAddress: chain.erc20.toLowerCase(), tokenBalance: `0x${chain.sent.toString(16).padStart(64, '0')}` },
              { contractAddress: chain.bytes32Token.toLowerCase(), tokenBalance: `0x${'0'.repeat(64)}` },
              { contractAddress: chain.nft.toLowerCase(), tokenBalance: null, error: 'execution reverted' },
            ],
            pageKey: '0x2e6c1e9d3b9c2a5d3e2b1a0f9e8d7c6b5a4f3e2d',
          },
        },
      },
    });
    logos = await startLocalServer((request, _body, response) => {
      response.writeHead(request.url?.includes(getAddress(chain.erc20)) ? 200 : 404).end();
    });
    env = { ALCHEMY_API_KEY: KEY, ALCHEMY_URL_TEMPLATE: `${alchemy.url}/{network}/v2/{key}` };
    harness = buildChainApp(env, { logoBaseUrl: logos.url });
  }, 120_000);
  afterAll(async () => {
    await alchemy?.close();
    await logos?.close();
    await chain?.close();
  });

  const methodsOf = (body: string) => {
    const parsed = JSON.parse(body);
    return Array.isArray(parsed) ? parsed.map((call: { method: string }) => call.method) : parsed.method;
  };

  it('an uncached token_metadata with Alchemy is still exactly one upstream request, sent alone (not in a batch)', async () => {
    const fresh = buildChainApp(env, { logoBaseUrl: logos.url });
    const before = alchemy.requests.length;
    const result = await fresh.call('token_metadata', { contract: USDC.toLowerCase(), chain: 'ethereum' });
    expect(result.structuredContent).toEqual({ name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: 'https://static.alchemyapi.io/images/assets/3408.png' });
    expect(alchemy.requests.length - before).toBe(1);
    const sent = alchemy.requests.at(-1)!;
    expect(sent.path).toBe(`/eth-mainnet/v2/${KEY}`);
    expect(JSON.parse(sent.body)).toEqual({ jsonrpc: '2.0', id: 1, method: 'alchemy_getTokenMetadata', params: [USDC] });
    // Cached: none.
    await fresh.call('token_metadata', { contract: USDC, chain: 'ethereum' });
    expect(alchemy.requests.length - before).toBe(1);
  });

  it('reads the contract when Alchemy gives decimals: null beside a real name (recorded reply), with a Trust Wallet logo', async () => {
    const before = alchemy.requests.length;
    const result = await harness.call('token_metadata', { contract: chain.erc20 });
    expect(result.structuredContent).toEqual({
      name: 'Toolgate Token',
      symbol: 'TGT',
      decimals: 18,
      logo: `${logos.url}/blockchains/ethereum/assets/${getAddress(chain.erc20)}/logo.png`,
    });
    expect(alchemy.requests.slice(before).map((request) => methodsOf(request.body))).toEqual([
      'alchemy_getTokenMetadata',
      ['eth_getCode', 'eth_call', 'eth_call', 'eth_call'],
    ]);
  });

  it('reads the contract when Alchemy does not index it (-32602): an MKR-style bytes32 token', async () => {
    const result = await harness.call('token_metadata', { contract: chain.bytes32Token });
    expect(result.structuredContent).toEqual({ name: 'Maker', symbol: 'MKR', decimals: 18, logo: null });
  });

  it("calls nothing 'not an ERC-20' on Alchemy's word alone: the chain decides", async () => {
    const forwarder = await harness.call('token_metadata', { contract: chain.notToken });
    expect(harness.text(forwarder)).toMatch(/is not an ERC-20 token: it does not answer name\(\), symbol\(\), decimals\(\)\.$/);
    const eoa = await harness.call('token_metadata', { contract: chain.eoa });
    expect(harness.text(eoa)).toMatch(/^No contract at .* on eth-mainnet/);
    const nft = await harness.call('token_metadata', { contract: chain.nft });
    expect(harness.text(nft)).toMatch(/is not an ERC-20 token: it does not answer decimals\(\)\.$/);
  });

  it('reads an allowance with the standard batch on the Alchemy endpoint, in one request', async () => {
    const before = alchemy.requests.length;
    const result = await harness.call('token_allowance', { contract: chain.erc20, owner: chain.accounts[0], spender: chain.accounts[2], chain: 'base' });
    expect(result.structuredContent).toEqual({ allowance: `0x${chain.approved.toString(16)}` });
    expect(alchemy.requests.length - before).toBe(1);
    expect(alchemy.requests.at(-1)!.path).toBe(`/base-mainnet/v2/${KEY}`);
    expect(methodsOf(alchemy.requests.at(-1)!.body)).toEqual(['eth_getCode', 'eth_call']);
  });

  it('reports a rejected key without showing it, in the answer or in the logs', async () => {
    const wrongKey = 'alk-WRONG-Secret-Key';
    const rejected = buildChainApp({ ALCHEMY_API_KEY: wrongKey, ALCHEMY_URL_TEMPLATE: `${alchemy.url}/{network}/v2/{key}` });
    const result = await rejected.call('token_metadata', { contract: USDC });
    expect(result.isError).toBe(true);
    expect(rejected.text(result)).toBe('Could not read from the chain: eth-mainnet Alchemy: refused the credentials (HTTP 401): Must be authenticated!.');
    expect(rejected.logLines.join('\n')).toContain('chain upstream failed');
    expect(rejected.logLines.join('\n')).not.toContain(wrongKey);
    expect(JSON.stringify(result)).not.toContain(alchemy.url);
  });

  it("token_balances without a list: the tokens Alchemy knows (non-zero), units from one multicall on the same endpoint", async () => {
    const fresh = buildChainApp(env);
    const before = alchemy.requests.length;
    const result = await fresh.call('token_balances', { owner: chain.accounts[1] });
    expect(result.structuredContent).toEqual({
      owner: getAddress(chain.accounts[1]!),
      chain: 'eth-mainnet',
      tokens: [{ contract: getAddress(chain.erc20), balance: `0x${chain.sent.toString(16)}`, decimals: 18, symbol: 'TGT', amount: '5.0' }],
      count: 1,
      complete: false,
    });
    const sent = alchemy.requests.slice(before).map((request) => JSON.parse(request.body));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({ jsonrpc: '2.0', id: 1, method: 'alchemy_getTokenBalances', params: [getAddress(chain.accounts[1]!), 'erc20'] });
    expect(sent[1]).toMatchObject({ method: 'eth_call', params: [{ to: '0xcA11bde05977b3631167028862bE2a173976CA11' }, 'latest'] });
    // Units cached: next time Alchemy's list alone.
    await fresh.call('token_balances', { owner: chain.accounts[1] });
    expect(alchemy.requests.length - before).toBe(3);
  });

  it('token_balances with a list is one Multicall3 request on the Alchemy endpoint too', async () => {
    const before = alchemy.requests.length;
    const result = await harness.call('token_balances', { owner: chain.accounts[1], contracts: [chain.erc20, chain.bytes32Token] });
    expect((result.structuredContent!.tokens as { symbol: string }[]).map((token) => token.symbol)).toEqual(['TGT', 'MKR']);
    expect(alchemy.requests.length - before).toBe(1);
  });
});
