import { definePack, type Logger, type Pack, type UpstreamObserver } from '@toolgate/core';
import { type BreakerOptions, type CacheStore, type HoldOptions, createCoalescingCache, createMemoryCache, createRedactor, createSharedStore, type ResponseCache, type RetryOptions } from '@toolgate/upstream';
import { z } from 'zod';
import { createChainRegistry, type ChainRegistry } from './chain-registry.ts';
import type { ChainEnv } from './config.ts';
import { createChainClients } from './chain-clients.ts';
import { createTrustWalletLogos, type LogoAnswer } from './logo/logo-resolver.ts';
import { createTokenService, type TokenMetadata } from './token-service.ts';
import { tokenAllowanceTool } from './tools/token-allowance.ts';
import { tokenMetadataOutput, tokenMetadataTool } from './tools/token-metadata.ts';
import { tokenBalancesTool } from './tools/token-balances.ts';
import { nativeBalanceTool } from './tools/native-balance.ts';
import { chainInfoTool } from './tools/chain-info.ts';
import { blockTool } from './tools/block.ts';
import { transactionTool } from './tools/transaction.ts';
import { readContractTool } from './tools/read-contract.ts';
import { nftMetadataTool } from './tools/nft-metadata.ts';
import { nftsOwnedTool } from './tools/nfts-owned.ts';
import { assetTransfersTool } from './tools/asset-transfers.ts';
import { tokenPricesTool } from './tools/token-prices.ts';
import { createAlchemyData } from './upstream/alchemy-data-client.ts';
import { createMetadataFetcher, type MetadataFetcherOptions } from './upstream/metadata-fetch.ts';
import { createBalanceService } from './balance-service.ts';
import { createEnsResolver } from './ens/ens-resolver.ts';
import type { HttpTransport } from './upstream/http-transport.ts';
import { createResilientTransport } from './upstream/resilient-transport.ts';
import { chainSynonyms } from './synonyms.ts';
import { walletOverviewPrompt } from './prompts/wallet-overview.ts';

export interface ChainPackOptions {
  config: ChainEnv;
  /** All HTTP goes through this; the default is @toolgate/upstream's resilient client. */
  transport?: HttpTransport;
  /** Retry and breaker settings of the default transport (@toolgate/upstream's defaults otherwise). */
  resilience?: { retry?: RetryOptions; breaker?: BreakerOptions };
  /** Backs the metadata and logo stores: @toolgate/upstream's Redis cache when REDIS_URL is set; in process by default. */
  cache?: ResponseCache;
  /** REDIS_URL's connection: hold-backs after a node's or Alchemy's 429 are shared across replicas through it. */
  redis?: HoldOptions['redis'];
  /** Where metadata and logo answers are cached, overriding `cache` (tests inject a clock). */
  metadataStore?: CacheStore<TokenMetadata>;
  logoStore?: CacheStore<LogoAnswer>;
  /** How nft_metadata's fetch resolves names, which addresses it may reach and how long it waits (tests reach a local stand-in). */
  metadataFetch?: Pick<MetadataFetcherOptions, 'resolveHost' | 'isAllowedAddress' | 'ca' | 'timeoutMs'>;
  /** Base of Trust Wallet's asset repository (tests point it at a local server). */
  logoBaseUrl?: string;
  logger?: Logger;
  /** Told of every upstream attempt and breaker change (metrics, traces). */
  observer?: UpstreamObserver;
}

export interface ChainPack {
  pack: Pack;
  chains: ChainRegistry;
}

/** NFT metadata JSON is a few kilobytes; a quarter megabyte bounds what a hostile URI can make us hold. */
const NFT_METADATA_MAX_BYTES = 256 * 1024;

const logoAnswerSchema = z.object({ url: z.string().nullable(), definitive: z.boolean() });
const tokenUnitsSchema = z.object({ symbol: z.string(), decimals: z.number().int().min(0).max(255) });

const safeDecode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/**
 * What must never reach an error or a log line: the Alchemy key, and the path and query of
 * operator-configured RPC URLs (Infura-style endpoints put their key there), whole and each
 * key-like part (a path segment or query value of 12 characters or more), since a node may
 * echo the key alone. Bare "/" is not a secret.
 */
function secretsOf(config: ChainEnv): string[] {
  const paths = Object.values(config.CHAIN_RPC_URLS).flatMap((url) => {
    const { pathname, search, searchParams, username, password } = new URL(url);
    const rest = `${pathname === '/' ? '' : pathname}${search}`;
    const parts = [...pathname.split('/').map(safeDecode), ...searchParams.values(), username, password].filter((part) => part.length >= 12);
    return [...(rest.length > 1 ? [rest] : []), ...parts];
  });
  return [...(config.ALCHEMY_API_KEY ? [config.ALCHEMY_API_KEY] : []), ...paths];
}

/** Builds the chain pack from parsed config and injected dependencies; reads no environment. */
export function createChainPack(options: ChainPackOptions): ChainPack {
  const { config } = options;
  const secrets = secretsOf(config);
  const hold = { maxHoldMs: config.UPSTREAM_MAX_HOLD_SECONDS * 1000, redis: options.redis };
  const transport =
    options.transport ??
    createResilientTransport({ timeoutMs: config.UPSTREAM_TIMEOUT_MS, secrets, hold, ...options.resilience, logger: options.logger, observer: options.observer });
  // The same redaction as the upstream client's, for what nodes say inside 200 answers.
  const redact = createRedactor(secrets);
  const clients = createChainClients({ transport, redact });
  const chains = createChainRegistry({
    alchemyApiKey: config.ALCHEMY_API_KEY,
    alchemyUrlTemplate: config.ALCHEMY_URL_TEMPLATE,
    rpcUrls: config.CHAIN_RPC_URLS,
  });
  const cache = options.cache ?? createMemoryCache({ maxEntries: 10_000 });
  const sharedCache = <Schema extends z.ZodType>(name: string, schema: Schema) =>
    createCoalescingCache(createSharedStore(cache, `chain:${name}:`, schema), { name: `chain:${name}`, observer: options.observer });
  const logos = createTrustWalletLogos({
    transport,
    cache: createCoalescingCache(options.logoStore ?? createSharedStore(cache, 'chain:logo:', logoAnswerSchema), { name: 'chain:logo', observer: options.observer }),
    baseUrl: options.logoBaseUrl,
  });
  const tokens = createTokenService({
    clients,
    metadataStore: options.metadataStore ?? createSharedStore(cache, 'chain:metadata:', tokenMetadataOutput),
    observer: options.observer,
    logos,
  });
  const balances = createBalanceService({ clients, unitsStore: createSharedStore(cache, 'chain:units:', tokenUnitsSchema) });
  const addresses = createEnsResolver({
    chains, clients, cache: sharedCache('ens', z.string()), concurrency: config.ENS_RESOLVE_CONCURRENCY,
  });
  const deps = { chains, tokens, balances, addresses, clients, cache, sharedCache };
  const metadata = createMetadataFetcher({
    enabled: config.NFT_METADATA_FETCH,
    ipfsGateway: config.NFT_METADATA_IPFS_GATEWAY,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    maxBytes: NFT_METADATA_MAX_BYTES,
    ...options.metadataFetch,
  });
  const alchemy = createAlchemyData({
    apiKey: config.ALCHEMY_API_KEY,
    nftUrlTemplate: config.ALCHEMY_NFT_URL_TEMPLATE,
    pricesUrlTemplate: config.ALCHEMY_PRICES_URL_TEMPLATE,
    rpcUrlTemplate: config.ALCHEMY_URL_TEMPLATE,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    cache,
    secrets,
    transport,
    redact,
    hold,
    ...options.resilience,
    logger: options.logger,
    observer: options.observer,
  });
  const provider = config.ALCHEMY_API_KEY ? 'Alchemy where it serves the chain, otherwise public JSON-RPC' : 'public or configured JSON-RPC endpoints';
  const pack = definePack({
    name: 'chain',
    synonyms: chainSynonyms,
    version: '0.1.0',
    instructions: `ERC-20 token metadata, allowances and balances, native coin balances, chain info, blocks, transactions, contract reads and NFT metadata, on EVM chains; with an Alchemy key also NFTs owned, asset transfers and token prices (${chains.slugs.length} chains; reads via ${provider}). Default chain: eth-mainnet. Addresses may be ENS names (vitalik.eth) on Ethereum mainnet.`,
    tools: [
      tokenAllowanceTool(deps), tokenMetadataTool(deps), tokenBalancesTool(deps), nativeBalanceTool(deps),
      chainInfoTool(deps), blockTool(deps), transactionTool(deps), readContractTool(deps), nftMetadataTool({ ...deps, metadata }),
      nftsOwnedTool({ ...deps, alchemy }), assetTransfersTool({ ...deps, alchemy }), tokenPricesTool({ ...deps, alchemy }),
    ],
    prompts: [walletOverviewPrompt({ chains, alchemy: config.ALCHEMY_API_KEY !== undefined })],
  });
  return { pack, chains };
}
