import { getAddress, Interface } from 'ethers';
import { MULTICALL3_CANONICAL } from '../src/chains.ts';
import { buildChainApp } from './support/chain-app.ts';
import { multicall3Deployment, startDevChain, type DevChain } from './support/dev-chain.ts';
import { startCountingProxy, type LocalServer } from './support/local-server.ts';

const aggregate3 = new Interface(['function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)']);

describe('token_balances, native_balance and several-contract token_metadata on a real dev chain', () => {
  let chain: DevChain;
  let proxy: LocalServer;
  let harness: ReturnType<typeof buildChainApp>;
  const env = () => ({ CHAIN_RPC_URLS: JSON.stringify({ devchain: proxy.url }) });

  beforeAll(async () => {
    chain = await startDevChain();
    proxy = await startCountingProxy(chain.url);
    harness = buildChainApp(env());
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await chain?.close();
  });

  /** The sub-calls of the one aggregate3 eth_call in a request body. */
  const subCalls = (body: string) => {
    const request = JSON.parse(body);
    expect(request.method).toBe('eth_call');
    expect(request.params[0].to).toBe(MULTICALL3_CANONICAL);
    return aggregate3.decodeFunctionData('aggregate3', request.params[0].data)[0] as unknown[];
  };

  it('has Multicall3 where it is on mainnets, deployed by its real presigned transaction', () => {
    const { transaction } = multicall3Deployment();
    expect(transaction.from).toBe('0x05f32B3cC3888453ff71B01135B34FF8e41263F2');
    // The very transaction that deployed it on Base (basescan.org/tx/0x07471adf…).
    expect(transaction.hash).toBe('0x07471adfe8f4ec553c1199f495be97fc8be8e0626ae307281c22534460184ed1');
    expect(chain.multicall3).toBe(MULTICALL3_CANONICAL);
  });

  it('reads balances, decimals and symbols of several tokens in exactly one upstream request', async () => {
    const before = proxy.requests.length;
    const result = await harness.call('token_balances', {
      owner: chain.accounts[1],
      contracts: [chain.erc20, chain.bytes32Token, chain.notToken, chain.eoa],
      chain: 'devchain',
    });
    expect(result.isError).toBeUndefined();
    expect(proxy.requests.length - before).toBe(1);
    expect(subCalls(proxy.requests.at(-1)!.body)).toHaveLength(12);
    const content = result.structuredContent!;
    expect(content).toMatchObject({ owner: getAddress(chain.accounts[1]!), chain: 'devchain', count: 4, complete: true });
    const [tgt, mkr, forwarder, eoa] = content.tokens as Record<string, unknown>[];
    expect(tgt).toEqual({ contract: getAddress(chain.erc20), balance: `0x${chain.sent.toString(16)}`, decimals: 18, symbol: 'TGT', amount: '5.0' });
    expect(mkr).toEqual({ contract: getAddress(chain.bytes32Token), balance: '0x0', decimals: 18, symbol: 'MKR', amount: '0.0' });
    expect(forwarder).toMatchObject({ balance: null, amount: null, error: expect.stringMatching(/not an ERC-20 token, or no contract/) });
    expect(eoa).toMatchObject({ balance: null, error: expect.any(String) });
  });

  it('never caches a balance, but keeps symbol and decimals: the next call is one smaller request', async () => {
    const args = { owner: chain.accounts[0], contracts: [chain.erc20, chain.bytes32Token], chain: 'devchain' };
    const fresh = buildChainApp(env());
    const before = proxy.requests.length;
    const first = await fresh.call('token_balances', args);
    const second = await fresh.call('token_balances', args);
    expect(proxy.requests.length - before).toBe(2);
    expect(subCalls(proxy.requests.at(-2)!.body)).toHaveLength(6);
    expect(subCalls(proxy.requests.at(-1)!.body)).toHaveLength(2);
    expect(second.structuredContent).toEqual(first.structuredContent);
    expect((first.structuredContent!.tokens as { balance: string }[])[0]!.balance).toBe(`0x${(10n ** 24n - chain.sent).toString(16)}`);
  });

  it('says that a list is needed when no contracts are given and the chain is not read through Alchemy', async () => {
    const result = await harness.call('token_balances', { owner: chain.accounts[1], chain: 'devchain' });
    expect(result.isError).toBe(true);
    expect(harness.text(result)).toMatch(/^Give the token contracts to check \(contracts: up to 100 addresses\)/);
  });

  it('rejects more than 100 contracts, and a bad one by its position', async () => {
    const many = Array.from({ length: 101 }, () => chain.erc20);
    const tooMany = await harness.call('token_balances', { owner: chain.accounts[1], contracts: many, chain: 'devchain' });
    expect(harness.text(tooMany)).toMatch(/contracts: .*(100|too big)/i);
    const bad = await harness.call('token_balances', { owner: chain.accounts[1], contracts: [chain.erc20, '0x12'], chain: 'devchain' });
    expect(harness.text(bad)).toMatch(/contracts\.1: contract must be a 20-byte hex address/);
  });

  it('reads a native balance as hex wei and whole coins; an operator-added chain has no known symbol', async () => {
    const result = await harness.call('native_balance', { address: chain.accounts[9], chain: 'devchain' });
    expect(result.structuredContent).toEqual({
      address: getAddress(chain.accounts[9]!),
      chain: 'devchain',
      balance: `0x${(1000n * 10n ** 18n).toString(16)}`,
      amount: '1000.0',
      symbol: null,
      decimals: 18,
    });
  });

  it('reads several contracts\' metadata in one request, and tells a non-token from an address without code', async () => {
    const fresh = buildChainApp(env());
    const before = proxy.requests.length;
    const tokens = await fresh.call('token_metadata', { contracts: [chain.erc20, chain.bytes32Token], chain: 'devchain' });
    expect(proxy.requests.length - before).toBe(1);
    expect(tokens.structuredContent).toEqual({
      count: 2,
      tokens: [
        { contract: getAddress(chain.erc20), name: 'Toolgate Token', symbol: 'TGT', decimals: 18, logo: null },
        { contract: getAddress(chain.bytes32Token), name: 'Maker', symbol: 'MKR', decimals: 18, logo: null },
      ],
    });
    // Cached now, for the single-contract call too.
    await fresh.call('token_metadata', { contract: chain.erc20, chain: 'devchain' });
    expect(proxy.requests.length - before).toBe(1);

    const mixed = await fresh.call('token_metadata', { contracts: [chain.nft, chain.eoa, chain.erc20], chain: 'devchain' });
    const [nft, eoa, tgt] = mixed.structuredContent!.tokens as Record<string, string>[];
    expect(nft!.error).toMatch(/is not an ERC-20 token: it does not answer decimals\(\)\.$/);
    expect(eoa!.error).toMatch(/^No contract at /);
    expect(tgt).toMatchObject({ symbol: 'TGT' });
    // One multicall for the two uncached, one eth_getCode batch to say why they failed.
    expect(proxy.requests.length - before).toBe(3);
  });

  it('wants exactly one of contract and contracts', async () => {
    const both = await harness.call('token_metadata', { contract: chain.erc20, contracts: [chain.erc20], chain: 'devchain' });
    expect(harness.text(both)).toMatch(/give exactly one of contract \(one token\) or contracts/);
    const neither = await harness.call('token_metadata', { chain: 'devchain' });
    expect(harness.text(neither)).toMatch(/give exactly one of contract/);
    const tooMany = await harness.call('token_metadata', { contracts: Array.from({ length: 51 }, () => chain.erc20), chain: 'devchain' });
    expect(tooMany.isError).toBe(true);
  });

  it('lists every tool with an object output schema, integers as integers, and read-only hints', async () => {
    const { default: request } = await import('supertest');
    const response = await request(harness.app).post('/chain/mcp').set('content-type', 'application/json').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = response.body.result.tools as { name: string; outputSchema: Record<string, unknown>; annotations: Record<string, unknown> }[];
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'asset_transfers', 'block', 'chain_info', 'native_balance', 'nft_metadata', 'nfts_owned', 'read_contract', 'token_allowance', 'token_balances',
      'token_metadata', 'token_prices', 'transaction',
    ]);
    for (const tool of tools) {
      expect(tool.outputSchema.type).toBe('object');
      expect(tool.annotations.readOnlyHint).toBe(true);
    }
    const balances = tools.find((tool) => tool.name === 'token_balances')!;
    const item = (balances.outputSchema.properties as Record<string, { items: { properties: Record<string, { anyOf?: { type: string }[] }> } }>).tokens!.items;
    expect(item.properties.decimals!.anyOf!.map((option) => option.type)).toEqual(['integer', 'null']);
  });

  describe('ENS names (Ethereum mainnet: here the dev chain stands in for it, with a test registry at the real registry address)', () => {
    const mainnetEnv = () => ({ CHAIN_RPC_URLS: JSON.stringify({ 'eth-mainnet': proxy.url, devchain: proxy.url }) });

    it('resolves a name once (registry, then resolver), caches it, and reads the balance of its address', async () => {
      const fresh = buildChainApp(mainnetEnv());
      const before = proxy.requests.length;
      const first = await fresh.call('native_balance', { address: chain.ens.name });
      expect(first.structuredContent).toMatchObject({ address: chain.ens.target, chain: 'eth-mainnet', amount: '1000.0', symbol: 'ETH' });
      const calls = proxy.requests.slice(before).map((request) => JSON.parse(request.body));
      expect(calls.map((call) => call.method)).toEqual(['eth_call', 'eth_call', 'eth_getBalance']);
      expect(calls[0].params[0].to).toBe(chain.ens.registry);
      const second = await fresh.call('token_balances', { owner: chain.ens.name.toUpperCase(), contracts: [chain.erc20] });
      expect(second.structuredContent).toMatchObject({ owner: chain.ens.target, tokens: [{ balance: '0x0', symbol: 'TGT' }] });
      // The name came from the cache: only the multicall went out.
      expect(proxy.requests.length - before).toBe(4);
    });

    it('accepts names for every address argument, token_allowance included', async () => {
      const fresh = buildChainApp(mainnetEnv());
      const result = await fresh.call('token_allowance', { contract: chain.erc20, owner: chain.accounts[0], spender: chain.ens.name });
      expect(result.structuredContent).toEqual({ allowance: '0x0' });
    });

    it('says clearly when a name does not resolve, or is used on another chain', async () => {
      const fresh = buildChainApp(mainnetEnv());
      const unregistered = await fresh.call('native_balance', { address: 'nobody-registered-this.eth' });
      expect(fresh.text(unregistered)).toMatch(/^The ENS name nobody-registered-this\.eth has no resolver on Ethereum mainnet/);
      const noAddress = await fresh.call('native_balance', { address: chain.ens.unresolvedName });
      expect(fresh.text(noAddress)).toMatch(/^The ENS name no-address\.eth does not point to an address/);
      const elsewhere = await fresh.call('native_balance', { address: chain.ens.name, chain: 'devchain' });
      expect(fresh.text(elsewhere)).toMatch(/^ENS names are resolved on Ethereum mainnet only/);
    });
  });
});
