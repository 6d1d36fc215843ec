import { getAddress } from 'ethers';
import { buildChainApp } from './support/chain-app.ts';
import { startFakeAlchemyData } from './support/fake-alchemy-data.ts';
import type { LocalServer } from './support/local-server.ts';

const KEY = 'test-alchemy-key-0123456789';
const GREEFFER = getAddress('0x49d3cee20d6a8f35b76a77e1e8dd7adc3e4f8fe6');
const BINANCE_14 = '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/** nfts_owned, asset_transfers and token_prices against a stand-in serving Alchemy's recorded answers. */
describe('Alchemy data tools (NFT v3, Transfers, Prices)', () => {
  let alchemy: LocalServer;
  let harness: ReturnType<typeof buildChainApp>;
  const env = (key: string) => ({
    ALCHEMY_API_KEY: key,
    ALCHEMY_URL_TEMPLATE: `${alchemy.url}/{network}/v2/{key}`,
    ALCHEMY_NFT_URL_TEMPLATE: `${alchemy.url}/{network}/nft/v3/{key}`,
    ALCHEMY_PRICES_URL_TEMPLATE: `${alchemy.url}/prices/v1/{key}`,
  });

  beforeAll(async () => {
    alchemy = await startFakeAlchemyData(KEY);
    harness = buildChainApp(env(KEY));
  });
  afterAll(() => alchemy?.close());

  it('without ALCHEMY_API_KEY, each tool says to set it, and nothing is sent', async () => {
    const keyless = buildChainApp({});
    const before = alchemy.requests.length;
    for (const [tool, args] of [
      ['nfts_owned', { owner: GREEFFER }],
      ['asset_transfers', { address: BINANCE_14 }],
      ['token_prices', { symbols: ['ETH'] }],
      ['token_prices', { contracts: [USDC] }],
    ] as const) {
      const result = await keyless.call(tool, args);
      expect(result.isError).toBe(true);
      expect(keyless.text(result)).toBe(`${tool} reads Alchemy's data APIs, and this gateway has no Alchemy key: set ALCHEMY_API_KEY (a free key from dashboard.alchemy.com) to use it.`);
    }
    expect(alchemy.requests.length).toBe(before);
  });

  describe('nfts_owned', () => {
    it('lists the owner\'s NFTs from getNFTsForOwner, mapped and typed', async () => {
      const result = await harness.call('nfts_owned', { owner: GREEFFER.toLowerCase(), page_size: 2 });
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toEqual({
        owner: GREEFFER,
        chain: 'eth-mainnet',
        totalCount: 11,
        nfts: [
          {
            contract: '0x6dF751449fBd51972772D64Fa3B3EA81E73AB071', tokenId: '1', tokenType: 'ERC1155', name: 'Genie', collection: 'Friday Night Lights',
            balance: '1', image: 'https://nft-cdn.alchemy.com/eth-mainnet/8c0e96df2f04e8ca71ab12eebb3fa8ce',
            tokenUri: 'https://ipfs.io/ipfs/bafybeid46yzd2bj2mo4yh65caifpxnsorzm4lgvgde764d6nz5yp46f2im/0000000000000000000000000000000000000000000000000000000000000001',
            isSpam: false,
          },
          expect.objectContaining({ tokenId: '2', name: 'Angel of Light' }),
        ],
        nextPageKey: null,
      });
      const sent = new URL(alchemy.requests.at(-1)!.path, 'http://x');
      expect(sent.pathname).toBe(`/eth-mainnet/nft/v3/${KEY}/getNFTsForOwner`);
      expect(Object.fromEntries(sent.searchParams)).toEqual({ owner: GREEFFER, withMetadata: 'true', pageSize: '2' });
    });

    it('passes a page key on, picks the chain\'s Alchemy network, and caches a page for a minute', async () => {
      const fresh = buildChainApp(env(KEY));
      const before = alchemy.requests.length;
      await fresh.call('nfts_owned', { owner: GREEFFER, chain: 'base', page_key: 'abc' });
      await fresh.call('nfts_owned', { owner: GREEFFER, chain: 'base', page_key: 'abc' });
      expect(alchemy.requests.length - before).toBe(1);
      const sent = new URL(alchemy.requests.at(-1)!.path, 'http://x');
      expect(sent.pathname).toBe(`/base-mainnet/nft/v3/${KEY}/getNFTsForOwner`);
      expect(sent.searchParams.get('pageKey')).toBe('abc');
    });

    it('refuses a chain Alchemy does not serve, and never shows the key when Alchemy refuses it', async () => {
      const custom = buildChainApp({ ...env(KEY), CHAIN_RPC_URLS: JSON.stringify({ devchain: 'http://127.0.0.1:9' }) });
      const unsupported = await custom.call('nfts_owned', { owner: GREEFFER, chain: 'devchain' });
      expect(custom.text(unsupported)).toBe('nfts_owned works on the chains Alchemy serves; devchain is not one of them.');
      const wrongKey = buildChainApp(env('wrong-key-abcdefghijkl'));
      const refused = await wrongKey.call('nfts_owned', { owner: GREEFFER });
      expect(refused.isError).toBe(true);
      expect(wrongKey.text(refused)).toMatch(/HTTP 401/);
      expect(wrongKey.text(refused)).not.toContain('wrong-key-abcdefghijkl');
      expect(wrongKey.logLines.join('')).not.toContain('wrong-key-abcdefghijkl');
    });
  });

  describe('asset_transfers', () => {
    it('sends alchemy_getAssetTransfers from the address, and maps the recorded transfers', async () => {
      const result = await harness.call('asset_transfers', { address: BINANCE_14, from_block: 11_107_000, to_block: '0xA97CAC', max_count: 5 });
      expect(result.isError).toBeUndefined();
      const page = result.structuredContent as any;
      expect(page).toMatchObject({ address: BINANCE_14, chain: 'eth-mainnet', direction: 'outgoing', nextPageKey: '755207c2-d187-40fe-87aa-f43e71126777' });
      expect(page.transfers).toHaveLength(5);
      expect(page.transfers[0]).toEqual({
        blockNumber: 0xa97ae2, time: null, hash: '0x6b0b85a7d202fbec16aea70f876298283b44b00629a3b472fbcadf2f9436e5fd',
        from: BINANCE_14, to: getAddress('0xb4caa764e2bf087f1a7a0cec43250892022787d9'), category: 'external', asset: 'ETH',
        amount: '2.995', rawAmount: BigInt('0x299060a1be4b8000').toString(), decimals: 18, contract: null, tokenId: null,
      });
      const call = JSON.parse(alchemy.requests.at(-1)!.body);
      expect(alchemy.requests.at(-1)!.path).toBe(`/eth-mainnet/v2/${KEY}`);
      expect(call.method).toBe('alchemy_getAssetTransfers');
      expect(call.params).toEqual([{
        fromAddress: BINANCE_14, category: ['external', 'erc20', 'erc721', 'erc1155'], fromBlock: '0xa97ab8', toBlock: '0xa97cac',
        order: 'desc', maxCount: '0x5', withMetadata: true, excludeZeroValue: true,
      }]);
    });

    it('asks for transfers to the address when incoming, with the categories and page key given', async () => {
      await harness.call('asset_transfers', { address: BINANCE_14, direction: 'incoming', categories: ['erc721'], page_key: 'next', order: 'asc' });
      const [params] = JSON.parse(alchemy.requests.at(-1)!.body).params;
      expect(params).toMatchObject({ toAddress: BINANCE_14, category: ['erc721'], pageKey: 'next', order: 'asc', fromBlock: '0x0', toBlock: 'latest' });
      expect(params.fromAddress).toBeUndefined();
    });

    it('refuses an unknown category and a malformed block by name', async () => {
      const category = await harness.call('asset_transfers', { address: BINANCE_14, categories: ['gold'] });
      expect(category.isError).toBe(true);
      expect(harness.text(category)).toMatch(/categories/);
      const block = await harness.call('asset_transfers', { address: BINANCE_14, from_block: 'yesterday' });
      expect(harness.text(block)).toMatch(/a block number \(decimal or 0x hex\) or "latest"/);
    });
  });

  describe('token_prices', () => {
    it('prices symbols, with Alchemy\'s reason for one it does not know', async () => {
      const result = await harness.call('token_prices', { symbols: ['ETH', 'NOTATOKEN'] });
      expect(result.structuredContent).toEqual({
        tokens: [
          { symbol: 'ETH', contract: null, network: null, prices: [{ currency: 'usd', value: '3021.5417', lastUpdatedAt: '2025-05-13T17:03:41Z' }], error: null },
          { symbol: 'NOTATOKEN', contract: null, network: null, prices: [], error: 'Token not found' },
        ],
        count: 2,
      });
      const sent = new URL(alchemy.requests.at(-1)!.path, 'http://x');
      expect(sent.pathname).toBe(`/prices/v1/${KEY}/tokens/by-symbol`);
      expect(sent.searchParams.getAll('symbols')).toEqual(['ETH', 'NOTATOKEN']);
    });

    it('prices contracts on a chain by POSTing network and address pairs', async () => {
      const result = await harness.call('token_prices', { contracts: [USDC.toLowerCase()], chain: 'ethereum' });
      expect(result.structuredContent).toEqual({
        tokens: [{ symbol: null, contract: USDC, network: 'eth-mainnet', prices: [{ currency: 'usd', value: '0.9998', lastUpdatedAt: '2025-05-13T17:03:12Z' }], error: null }],
        count: 1,
      });
      const request = alchemy.requests.at(-1)!;
      expect([request.method, request.path]).toEqual(['POST', `/prices/v1/${KEY}/tokens/by-address`]);
      expect(JSON.parse(request.body)).toEqual({ addresses: [{ network: 'eth-mainnet', address: USDC }] });
    });

    it('needs exactly one of symbols and contracts', async () => {
      const both = await harness.call('token_prices', { symbols: ['ETH'], contracts: [USDC] });
      expect(harness.text(both)).toMatch(/exactly one of symbols or contracts/);
      const neither = await harness.call('token_prices', {});
      expect(neither.isError).toBe(true);
    });
  });
});
