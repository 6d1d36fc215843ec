import { getAddress } from 'ethers';
import { buildChainApp } from './support/chain-app.ts';
import { startDevChain, type DevChain } from './support/dev-chain.ts';
import { startCountingProxy, type LocalServer } from './support/local-server.ts';

describe('chain pack on plain JSON-RPC, against a real EVM dev chain', () => {
  let chain: DevChain;
  let proxy: LocalServer;
  let harness: ReturnType<typeof buildChainApp>;

  beforeAll(async () => {
    chain = await startDevChain();
    proxy = await startCountingProxy(chain.url);
    harness = buildChainApp({ CHAIN_RPC_URLS: JSON.stringify({ devchain: proxy.url }) });
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await chain?.close();
  });

  const metadata = (contract: string) => harness.call('token_metadata', { contract, chain: 'devchain' });

  it('reads name, symbol and decimals of a standard OpenZeppelin ERC-20', async () => {
    const result = await metadata(chain.erc20);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ name: 'Toolgate Token', symbol: 'TGT', decimals: 18, logo: null });
  });

  it('reads an MKR-style token whose name and symbol are bytes32', async () => {
    const result = await metadata(chain.bytes32Token);
    expect(result.structuredContent).toEqual({ name: 'Maker', symbol: 'MKR', decimals: 18, logo: null });
  });

  it('costs exactly one HTTP request upstream when uncached, and none when cached', async () => {
    const fresh = buildChainApp({ CHAIN_RPC_URLS: JSON.stringify({ devchain: proxy.url }) });
    const before = proxy.requests.length;
    const first = await fresh.call('token_metadata', { contract: chain.erc20.toLowerCase(), chain: 'devchain' });
    expect(first.structuredContent).toMatchObject({ symbol: 'TGT' });
    expect(proxy.requests.length - before).toBe(1);
    expect(JSON.parse(proxy.requests.at(-1)!.body).map((call: { method: string }) => call.method)).toEqual([
      'eth_getCode',
      'eth_call',
      'eth_call',
      'eth_call',
    ]);
    // Any spelling of the address hits the same entry (keyed by checksum address).
    await fresh.call('token_metadata', { contract: getAddress(chain.erc20), chain: 'devchain' });
    await fresh.call('token_metadata', { contract: chain.erc20.toUpperCase().replace('0X', '0x'), chain: 'devchain' });
    expect(proxy.requests.length - before).toBe(1);
  });

  it('shares one upstream request between concurrent identical lookups', async () => {
    const fresh = buildChainApp({ CHAIN_RPC_URLS: JSON.stringify({ devchain: proxy.url }) });
    const before = proxy.requests.length;
    const results = await Promise.all(Array.from({ length: 5 }, () => fresh.call('token_metadata', { contract: chain.bytes32Token, chain: 'devchain' })));
    expect(results.map((result) => result.structuredContent?.symbol)).toEqual(['MKR', 'MKR', 'MKR', 'MKR', 'MKR']);
    expect(proxy.requests.length - before).toBe(1);
  });

  it('says so when the address has no code', async () => {
    const result = await metadata(chain.eoa);
    expect(result.isError).toBe(true);
    expect(harness.text(result)).toBe(
      `No contract at ${getAddress(chain.eoa)} on devchain: the address has no code (an externally owned account, or a contract not deployed on this chain). Check the address and the chain.`,
    );
  });

  it('says so when the contract is not an ERC-20 token', async () => {
    const forwarder = await metadata(chain.notToken);
    expect(forwarder.isError).toBe(true);
    expect(harness.text(forwarder)).toMatch(/is not an ERC-20 token: it does not answer name\(\), symbol\(\), decimals\(\)/);
    const nft = await metadata(chain.nft);
    expect(harness.text(nft)).toMatch(/is not an ERC-20 token: it does not answer decimals\(\)\.$/);
  });

  it('reads back an allowance granted with approve(), as a hex quantity', async () => {
    const result = await harness.call('token_allowance', { contract: chain.erc20, owner: chain.accounts[0], spender: chain.accounts[2], chain: 'devchain' });
    expect(result.structuredContent).toEqual({ allowance: `0x${chain.approved.toString(16)}` });
    const bytes32 = await harness.call('token_allowance', { contract: chain.bytes32Token, owner: chain.accounts[0], spender: chain.accounts[3], chain: 'devchain' });
    expect(bytes32.structuredContent).toEqual({ allowance: '0x7' });
  });

  it('answers 0x0 when nothing was approved', async () => {
    const result = await harness.call('token_allowance', { contract: chain.erc20, owner: chain.accounts[2], spender: chain.accounts[0], chain: 'devchain' });
    expect(result.structuredContent).toEqual({ allowance: '0x0' });
  });

  it('never caches an allowance: each call reads the chain', async () => {
    const args = { contract: chain.erc20, owner: chain.accounts[0], spender: chain.accounts[2], chain: 'devchain' };
    const before = proxy.requests.length;
    await harness.call('token_allowance', args);
    await harness.call('token_allowance', args);
    expect(proxy.requests.length - before).toBe(2);
  });

  it('rejects allowance reads on an EOA and on a non-token contract', async () => {
    const owner = chain.accounts[0];
    const spender = chain.accounts[2];
    const eoa = await harness.call('token_allowance', { contract: chain.eoa, owner, spender, chain: 'devchain' });
    expect(harness.text(eoa)).toMatch(/^No contract at /);
    const forwarder = await harness.call('token_allowance', { contract: chain.notToken, owner, spender, chain: 'devchain' });
    expect(harness.text(forwarder)).toMatch(/is not an ERC-20 token: it does not answer allowance\(owner, spender\)/);
  });
});
