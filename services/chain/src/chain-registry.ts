import { ToolError } from '@toolgate/core';
import { BUILT_IN_CHAINS, type ChainInfo } from './chains.ts';

/** Where a chain's reads go. The Alchemy URL holds the key: it is never logged or shown. */
export type ChainEndpoint = { kind: 'rpc'; url: string } | { kind: 'alchemy'; url: string };

export interface SupportedChain extends ChainInfo {
  endpoint: ChainEndpoint;
}

export interface ChainRegistryOptions {
  alchemyApiKey?: string;
  alchemyUrlTemplate: string;
  /** Operator overrides and additions: chain slug → JSON-RPC URL. */
  rpcUrls: Record<string, string>;
  chains?: readonly ChainInfo[];
}

export interface ChainRegistry {
  /** Slugs in a stable order, for tool descriptions and error messages. */
  slugs: readonly string[];
  /** Maps what a caller typed (slug, alias or decimal chain id) to a chain; ToolError otherwise. */
  resolve(selector: string | undefined): SupportedChain;
}

export function alchemyUrl(template: string, network: string, key: string): string {
  return template.replaceAll('{network}', network).replaceAll('{key}', encodeURIComponent(key));
}

/**
 * Picks each chain's endpoint. An explicit CHAIN_RPC_URLS entry wins (the most specific
 * setting); then Alchemy when a key is set; then the built-in public endpoint.
 * Slugs in CHAIN_RPC_URLS that are not built in become chains of their own.
 */
export function createChainRegistry(options: ChainRegistryOptions): ChainRegistry {
  const known = options.chains ?? BUILT_IN_CHAINS;
  const custom: ChainInfo[] = Object.keys(options.rpcUrls)
    .filter((slug) => !known.some((chain) => chain.slug === slug))
    .map((slug) => ({ slug, name: slug, aliases: [] }));
  const supported: SupportedChain[] = [];
  for (const chain of [...known, ...custom]) {
    const override = options.rpcUrls[chain.slug];
    let endpoint: ChainEndpoint | undefined;
    if (override) endpoint = { kind: 'rpc', url: override };
    else if (options.alchemyApiKey && chain.alchemyNetwork) {
      endpoint = { kind: 'alchemy', url: alchemyUrl(options.alchemyUrlTemplate, chain.alchemyNetwork, options.alchemyApiKey) };
    } else if (chain.publicRpcUrl) endpoint = { kind: 'rpc', url: chain.publicRpcUrl };
    if (endpoint) supported.push({ ...chain, endpoint });
  }

  const bySelector = new Map<string, SupportedChain>();
  for (const chain of supported) {
    for (const name of [chain.slug, ...chain.aliases, ...(chain.chainId === undefined ? [] : [String(chain.chainId)])]) {
      if (!bySelector.has(name)) bySelector.set(name, chain);
    }
  }
  const slugs = supported.map((chain) => chain.slug);
  const defaultChain = bySelector.get('eth-mainnet') ?? supported[0];

  return {
    slugs,
    resolve(selector) {
      const wanted = selector?.trim().toLowerCase();
      const found = wanted ? bySelector.get(wanted) : defaultChain;
      if (found) return found;
      // The caller's text is echoed only after being cut short; it never reaches a URL.
      const shown = JSON.stringify((selector ?? '').slice(0, 40));
      throw new ToolError(`Unknown chain ${shown}. Supported chains: ${slugs.join(', ')} (aliases such as ethereum, base, polygon, arbitrum, optimism, bsc and decimal chain ids work too).`);
    },
  };
}
