import { parseEnv } from '@toolgate/core/server';
import { addressOrNameSchema } from '../src/address.ts';
import { createChainRegistry } from '../src/chain-registry.ts';
import { multicall3Of } from '../src/chains.ts';
import { chainEnvSchema } from '../src/config.ts';
import { buildChainApp } from './support/chain-app.ts';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

describe('addresses', () => {
  const schema = addressOrNameSchema('contract');

  it('accepts a correct checksum, all lower case and all upper case, and returns the checksum form', () => {
    expect(schema.parse(WETH)).toBe(WETH);
    expect(schema.parse(WETH.toLowerCase())).toBe(WETH);
    expect(schema.parse(`0x${WETH.slice(2).toUpperCase()}`)).toBe(WETH);
  });

  it('rejects a mixed-case address whose EIP-55 checksum is wrong', () => {
    const typo = WETH.replace('aaA', 'aAA');
    const result = schema.safeParse(typo);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/wrong EIP-55 checksum/);
  });

  it('accepts an ENS name under .eth, normalised (ENSIP-15: case folded)', () => {
    expect(schema.parse('vitalik.eth')).toBe('vitalik.eth');
    expect(schema.parse(' Vitalik.ETH ')).toBe('vitalik.eth');
    expect(schema.parse('sub.nick.eth')).toBe('sub.nick.eth');
  });

  it.each(['', 'C02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', '0x1234', `${WETH}00`, '0xZZ2aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'vitalik', 'example.com', 'a b.eth', '.eth'])(
    'rejects %j as neither a 20-byte hex address nor an ENS name',
    (value) => {
      expect(schema.safeParse(value).success).toBe(false);
    },
  );
});

describe('chain selection', () => {
  const registry = createChainRegistry({ alchemyUrlTemplate: 'https://{network}.example/{key}', rpcUrls: {} });

  it('defaults to eth-mainnet', () => {
    expect(registry.resolve(undefined).slug).toBe('eth-mainnet');
  });

  it.each([
    ['eth-mainnet', 'eth-mainnet'],
    ['Ethereum', 'eth-mainnet'],
    [' base ', 'base-mainnet'],
    ['8453', 'base-mainnet'],
    ['polygon', 'polygon-mainnet'],
    ['arbitrum', 'arb-mainnet'],
    ['optimism', 'opt-mainnet'],
    ['bsc', 'bnb-mainnet'],
    ['sepolia', 'eth-sepolia'],
  ])('%j selects %s', (selector, slug) => {
    expect(registry.resolve(selector).slug).toBe(slug);
  });

  it("records Multicall3 where it is not at the canonical address (ZKsync Era), and each chain's coin", () => {
    expect(multicall3Of(registry.resolve('zksync'))).toBe('0xF9cda624FBC7e059355ce98a31693d299FACd963');
    expect(multicall3Of(registry.resolve('base'))).toBe('0xcA11bde05977b3631167028862bE2a173976CA11');
    expect(multicall3Of({ slug: 'somewhere', name: 'somewhere', aliases: [], multicall3: null })).toBeUndefined();
    expect(['eth-mainnet', 'polygon', 'bsc', 'avalanche', 'gnosis'].map((selector) => registry.resolve(selector).nativeSymbol)).toEqual(['ETH', 'POL', 'BNB', 'AVAX', 'XDAI']);
  });

  it('names the supported chains when the chain is unknown', () => {
    expect(() => registry.resolve('dogechain')).toThrow(/Unknown chain "dogechain"\. Supported chains: eth-mainnet, eth-sepolia, .*base-mainnet/);
  });

  it('uses Alchemy with a key, and a CHAIN_RPC_URLS entry over both', () => {
    const withKey = createChainRegistry({
      alchemyApiKey: 'k/ey',
      alchemyUrlTemplate: 'https://{network}.g.alchemy.com/v2/{key}',
      rpcUrls: { 'base-mainnet': 'http://127.0.0.1:1/base', devnet: 'http://127.0.0.1:2/' },
    });
    expect(withKey.resolve('eth-mainnet').endpoint).toEqual({ kind: 'alchemy', url: 'https://eth-mainnet.g.alchemy.com/v2/k%2Fey' });
    expect(withKey.resolve('base').endpoint).toEqual({ kind: 'rpc', url: 'http://127.0.0.1:1/base' });
    expect(withKey.resolve('devnet').endpoint).toEqual({ kind: 'rpc', url: 'http://127.0.0.1:2/' });
    expect(registry.resolve('eth-mainnet').endpoint).toEqual({ kind: 'rpc', url: 'https://ethereum-rpc.publicnode.com' });
  });
});

describe('configuration', () => {
  it('needs nothing: no key, built-in endpoints, a timeout of a few seconds', () => {
    const config = parseEnv(chainEnvSchema, {});
    expect(config).toEqual({
      ALCHEMY_API_KEY: undefined, ALCHEMY_URL_TEMPLATE: 'https://{network}.g.alchemy.com/v2/{key}', CHAIN_RPC_URLS: {}, UPSTREAM_TIMEOUT_MS: 5000, UPSTREAM_MAX_HOLD_SECONDS: 3600, REDIS_COMMAND_TIMEOUT_MS: 250, ENS_RESOLVE_CONCURRENCY: 4,
      ALCHEMY_NFT_URL_TEMPLATE: 'https://{network}.g.alchemy.com/nft/v3/{key}', ALCHEMY_PRICES_URL_TEMPLATE: 'https://api.g.alchemy.com/prices/v1/{key}',
      NFT_METADATA_FETCH: false, NFT_METADATA_IPFS_GATEWAY: 'https://ipfs.io/ipfs/',
    });
  });

  it('takes NFT_METADATA_FETCH as a boolean word, and refuses anything else by name', () => {
    expect(parseEnv(chainEnvSchema, { NFT_METADATA_FETCH: 'true' }).NFT_METADATA_FETCH).toBe(true);
    expect(parseEnv(chainEnvSchema, { NFT_METADATA_FETCH: 'false' }).NFT_METADATA_FETCH).toBe(false);
    expect(() => parseEnv(chainEnvSchema, { NFT_METADATA_FETCH: 'maybe' })).toThrow(/NFT_METADATA_FETCH/);
    expect(() => parseEnv(chainEnvSchema, { NFT_METADATA_IPFS_GATEWAY: 'ftp://gateway/' })).toThrow(/NFT_METADATA_IPFS_GATEWAY/);
  });

  it('names every bad variable without echoing the key', () => {
    expect(() =>
      parseEnv(chainEnvSchema, { ALCHEMY_API_KEY: 'sk-do-not-print', CHAIN_RPC_URLS: '{"Eth": "ftp://x"}', UPSTREAM_TIMEOUT_MS: '-1', ALCHEMY_URL_TEMPLATE: 'https://x/{key}' }),
    ).toThrow(/CHAIN_RPC_URLS[\s\S]*UPSTREAM_TIMEOUT_MS|ALCHEMY_URL_TEMPLATE[\s\S]*CHAIN_RPC_URLS/);
    try {
      parseEnv(chainEnvSchema, { ALCHEMY_API_KEY: 'sk-do-not-print', CHAIN_RPC_URLS: 'not json' });
    } catch (error) {
      expect(String(error)).toMatch(/CHAIN_RPC_URLS: must be a JSON object/);
      expect(String(error)).not.toContain('sk-do-not-print');
    }
  });
});

describe('tool arguments, checked before any upstream call', () => {
  // An endpoint nobody listens on: these calls must fail before reaching it.
  const harness = buildChainApp({ CHAIN_RPC_URLS: JSON.stringify({ 'eth-mainnet': 'http://127.0.0.1:9/' }) });

  it('reports a bad address as an isError naming the argument', async () => {
    const result = await harness.call('token_metadata', { contract: '0x123' });
    expect(result.isError).toBe(true);
    expect(harness.text(result)).toMatch(/contract: contract must be a 20-byte hex address/);
  });

  it('reports an unknown chain with the supported list', async () => {
    const result = await harness.call('token_allowance', { contract: WETH, owner: WETH, spender: WETH, chain: 'https://evil.example/' });
    expect(result.isError).toBe(true);
    expect(harness.text(result)).toMatch(/^Unknown chain "https:\/\/evil\.example\/"\. Supported chains: eth-mainnet/);
  });

  it('reports missing arguments', async () => {
    const result = await harness.call('token_allowance', { contract: WETH });
    expect(harness.text(result)).toMatch(/owner: .*spender: /);
  });
});
