import { definePack, type Pack } from '@toolgate/core';
import { createCoalescingCache, createMemoryStore, type CacheStore } from './cache/coalescing-cache.ts';
import { createChainRegistry, type ChainRegistry } from './chain-registry.ts';
import type { ChainEnv } from './config.ts';
import { createTrustWalletLogos, type LogoAnswer } from './logo/logo-resolver.ts';
import { createTokenService, type TokenMetadata } from './token-service.ts';
import { tokenAllowanceTool } from './tools/token-allowance.ts';
import { tokenMetadataTool } from './tools/token-metadata.ts';
import { createFetchTransport, type HttpTransport } from './upstream/http-transport.ts';

export interface ChainPackOptions {
  config: ChainEnv;
  /** All HTTP goes through this; the default is fetch with UPSTREAM_TIMEOUT_MS per attempt. */
  transport?: HttpTransport;
  /** Where metadata and logo answers are cached; in process by default. */
  metadataStore?: CacheStore<TokenMetadata>;
  logoStore?: CacheStore<LogoAnswer>;
  /** Base of Trust Wallet's asset repository (tests point it at a local server). */
  logoBaseUrl?: string;
}

export interface ChainPack {
  pack: Pack;
  chains: ChainRegistry;
}

/** Builds the chain pack from parsed config and injected dependencies; reads no environment. */
export function createChainPack(options: ChainPackOptions): ChainPack {
  const { config } = options;
  const transport = options.transport ?? createFetchTransport({ timeoutMs: config.UPSTREAM_TIMEOUT_MS });
  const chains = createChainRegistry({
    alchemyApiKey: config.ALCHEMY_API_KEY,
    alchemyUrlTemplate: config.ALCHEMY_URL_TEMPLATE,
    rpcUrls: config.CHAIN_RPC_URLS,
  });
  const logos = createTrustWalletLogos({
    transport,
    cache: createCoalescingCache(options.logoStore ?? createMemoryStore<LogoAnswer>()),
    baseUrl: options.logoBaseUrl,
  });
  const tokens = createTokenService({
    transport,
    metadataCache: createCoalescingCache(options.metadataStore ?? createMemoryStore<TokenMetadata>()),
    logos,
  });
  const provider = config.ALCHEMY_API_KEY ? 'Alchemy where it serves the chain, otherwise public JSON-RPC' : 'public or configured JSON-RPC endpoints';
  const pack = definePack({
    name: 'chain',
    version: '0.1.0',
    instructions: `ERC-20 token metadata and allowances on EVM chains (${chains.slugs.length} chains; reads via ${provider}). Default chain: eth-mainnet.`,
    tools: [tokenAllowanceTool({ chains, tokens }), tokenMetadataTool({ chains, tokens })],
  });
  return { pack, chains };
}
