import { buildChainApp } from './support/chain-app.ts';
import { startFakeAlchemy } from './support/fake-alchemy.ts';
import { startLocalServer, type LocalServer } from './support/local-server.ts';

const KEY = 'alk-3f9Secret-Key';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const NFT = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D';
const OWNER = '0x1111111111111111111111111111111111111111';
const SPENDER = '0x2222222222222222222222222222222222222222';
const EOA = '0x3333333333333333333333333333333333333333';

describe('chain pack on Alchemy', () => {
  let alchemy: LocalServer;
  let logos: LocalServer;
  let harness: ReturnType<typeof buildChainApp>;

  beforeAll(async () => {
    alchemy = await startFakeAlchemy({
      key: KEY,
      tokens: {
        [USDC.toLowerCase()]: {
          code: '0x6080',
          metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: 'https://static.alchemyapi.io/images/assets/3408.png' },
          allowances: { [`${OWNER}:${SPENDER}`.toLowerCase()]: 1_000_000n },
        },
        [DAI.toLowerCase()]: { code: '0x6080', metadata: { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18, logo: null }, allowances: {} },
        [NFT.toLowerCase()]: { code: '0x6080', metadata: { name: 'BoredApeYachtClub', symbol: 'BAYC', decimals: null, logo: null } },
      },
    });
    logos = await startLocalServer((request, _body, response) => {
      response.writeHead(request.url?.includes(DAI) ? 200 : 404).end();
    });
    harness = buildChainApp(
      { ALCHEMY_API_KEY: KEY, ALCHEMY_URL_TEMPLATE: `${alchemy.url}/{network}/v2/{key}` },
      { logoBaseUrl: logos.url },
    );
  });
  afterAll(async () => {
    await alchemy?.close();
    await logos?.close();
  });

  it("returns Alchemy's metadata and logo, asking the network named by the chain slug", async () => {
    const result = await harness.call('token_metadata', { contract: USDC.toLowerCase(), chain: 'ethereum' });
    expect(result.structuredContent).toEqual({ name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: 'https://static.alchemyapi.io/images/assets/3408.png' });
    const last = alchemy.requests.at(-1)!;
    expect(last.path).toBe(`/eth-mainnet/v2/${KEY}`);
    expect(JSON.parse(last.body)).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [USDC, 'latest'] },
      { jsonrpc: '2.0', id: 2, method: 'alchemy_getTokenMetadata', params: [USDC] },
    ]);
  });

  it("falls back to a Trust Wallet logo that exists when Alchemy has none", async () => {
    const result = await harness.call('token_metadata', { contract: DAI });
    expect(result.structuredContent).toEqual({ name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18, logo: `${logos.url}/blockchains/ethereum/assets/${DAI}/logo.png` });
    expect(logos.requests.at(-1)).toMatchObject({ method: 'HEAD', path: `/blockchains/ethereum/assets/${DAI}/logo.png` });
  });

  it('reads the allowance with alchemy_getTokenAllowance and answers hex', async () => {
    const result = await harness.call('token_allowance', { contract: USDC, owner: OWNER, spender: SPENDER, chain: 'base' });
    expect(result.structuredContent).toEqual({ allowance: '0xf4240' });
    expect(alchemy.requests.at(-1)!.path).toBe(`/base-mainnet/v2/${KEY}`);
    const none = await harness.call('token_allowance', { contract: DAI, owner: OWNER, spender: SPENDER });
    expect(none.structuredContent).toEqual({ allowance: '0x0' });
  });

  it('tells an address without code from a contract that is not a token', async () => {
    const eoa = await harness.call('token_metadata', { contract: EOA });
    expect(harness.text(eoa)).toMatch(/^No contract at 0x3333333333333333333333333333333333333333 on eth-mainnet/);
    const nft = await harness.call('token_metadata', { contract: NFT });
    expect(harness.text(nft)).toMatch(/is not an ERC-20 token: it does not answer decimals\(\)\.$/);
    const allowance = await harness.call('token_allowance', { contract: NFT, owner: OWNER, spender: SPENDER });
    expect(harness.text(allowance)).toMatch(/is not an ERC-20 token: it does not answer allowance/);
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
});
