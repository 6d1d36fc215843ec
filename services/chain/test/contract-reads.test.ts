import { createRedactor } from '@toolgate/upstream';
import { mapAlchemyBalances } from '../src/upstream/alchemy-balances.ts';
import { mapAlchemyMetadata } from '../src/upstream/alchemy-token-source.ts';
import { readCalls } from '../src/upstream/contract-reads.ts';
import { decodeTokenText, encodeSymbol } from '../src/upstream/erc20.ts';
import { createJsonRpc } from '../src/upstream/json-rpc.ts';
import { createResilientTransport } from '../src/upstream/resilient-transport.ts';
import { startDevChain, type DevChain } from './support/dev-chain.ts';
import { alchemyFixture } from './support/fake-alchemy.ts';
import { startCountingProxy, type LocalServer } from './support/local-server.ts';

// The mappers take the shapes their schemas parsed: a recording is handed over as it is.
const recorded = (name: string): any => alchemyFixture(name).result;

describe("Alchemy's recorded results, mapped", () => {
  it('takes complete metadata, and refuses to trust empty or null facts', () => {
    expect(mapAlchemyMetadata(recorded('token-metadata-usdc'))).toEqual({ name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: 'https://static.alchemyapi.io/images/assets/3408.png' });
    expect(mapAlchemyMetadata(recorded('token-metadata-decimals-null'))).toBeUndefined();
    expect(mapAlchemyMetadata(recorded('token-metadata-not-a-token'))).toBeUndefined();
  });

  it("reads the documented alchemy_getTokenBalances answer: one zero balance, no further page", () => {
    expect(mapAlchemyBalances(recorded('token-balances-vitalik-usdc'))).toEqual({
      balances: [{ contract: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', balance: 0n }],
      complete: true,
    });
  });
});

describe('contract reads in one round trip, with and without Multicall3', () => {
  let chain: DevChain;
  let proxy: LocalServer;
  beforeAll(async () => {
    chain = await startDevChain();
    proxy = await startCountingProxy(chain.url);
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await chain?.close();
  });

  const rpc = () => createJsonRpc({ transport: createResilientTransport({ timeoutMs: 5000, secrets: [] }), url: proxy.url, label: 'dev', redact: createRedactor([]) });
  const calls = () => [chain.erc20, chain.bytes32Token, chain.eoa].map((target) => ({ target, data: encodeSymbol() }));

  it.each([
    ['Multicall3 (one eth_call)', () => chain.multicall3, 1, 'object'],
    ['no Multicall3 on the chain (one batch of eth_calls)', () => undefined, 1, 'array'],
    ['Multicall3 assumed but absent: an address without code answers nothing, so the batch follows', () => chain.eoa, 2, 'array'],
  ])('%s', async (_name, multicall, requests, lastShape) => {
    const before = proxy.requests.length;
    const results = await readCalls(rpc(), 'dev', multicall(), calls());
    expect(results.map(decodeTokenText)).toEqual(['TGT', 'MKR', undefined]);
    expect(proxy.requests.length - before).toBe(requests);
    expect(Array.isArray(JSON.parse(proxy.requests.at(-1)!.body)) ? 'array' : 'object').toBe(lastShape);
  });
});
