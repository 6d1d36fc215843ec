import { startPack, type PackHarness } from '@toolgate/upstream/testing';
import { chainPackModule } from '../src/index.ts';

const OFFLINE = { CHAIN_RPC_URLS: '{"eth-mainnet":"http://127.0.0.1:9"}', UPSTREAM_TIMEOUT_MS: '500' };
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('the wallet_overview prompt', () => {
  let keyless: PackHarness;
  let alchemy: PackHarness;
  beforeAll(async () => {
    keyless = await startPack(chainPackModule, OFFLINE);
    alchemy = await startPack(chainPackModule, { ...OFFLINE, ALCHEMY_API_KEY: 'alchemy-key-for-tests', ALCHEMY_URL_TEMPLATE: 'http://127.0.0.1:9/{network}/{key}' });
  });
  afterAll(async () => {
    await keyless.close();
    await alchemy.close();
  });

  const overview = async (pack: PackHarness, args: Record<string, string>) => pack.request('prompts/get', { name: 'wallet_overview', arguments: args });

  it('with Alchemy: balances, tokens, prices, NFTs and transfers, in that order, on the chain asked for', async () => {
    const { result } = await overview(alchemy, { address: VITALIK.toLowerCase(), chain: 'base' });
    const text = result.messages[0].content.text as string;
    expect(text).toContain(`wallet ${VITALIK} on Base (chain "base-mainnet")`);
    const order = ['native_balance', 'token_balances', 'token_prices', 'nfts_owned', 'asset_transfers'].map((tool) => text.indexOf(tool));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('without Alchemy: only the reads this deployment has, and says what is missing', async () => {
    const { result } = await overview(keyless, { address: 'vitalik.eth' });
    const text = result.messages[0].content.text as string;
    expect(text).toContain('on Ethereum (chain "eth-mainnet")');
    expect(text).not.toContain('nfts_owned with');
    expect(text).toContain('no Alchemy key');
  });

  it('refuses an address that is not one, and an unknown chain, with the tools’ own words', async () => {
    expect((await overview(keyless, { address: '0x1234' })).error).toMatchObject({ code: -32602 });
    expect((await overview(keyless, { address: VITALIK, chain: 'narnia' })).error).toMatchObject({ code: -32602, message: expect.stringContaining('narnia') });
  });

  it('completes chain names from the chains this deployment serves', async () => {
    const { result } = await keyless.request('completion/complete', { ref: { type: 'ref/prompt', name: 'wallet_overview' }, argument: { name: 'chain', value: 'arb' } });
    expect(result.completion.values).toEqual(['arb-mainnet', 'arb-sepolia', 'arbnova-mainnet']);
  });
});
