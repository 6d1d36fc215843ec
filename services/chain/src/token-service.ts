import type { UpstreamObserver } from '@toolgate/core';
import { createCoalescingCache, type CacheStore } from '@toolgate/upstream';
import type { ChainClient } from './chain-clients.ts';
import type { SupportedChain } from './chain-registry.ts';
import { multicall3Of } from './chains.ts';
import type { LogoAnswer, LogoResolver } from './logo/logo-resolver.ts';
import { readCalls } from './upstream/contract-reads.ts';
import { encodeDecimals, encodeName, encodeSymbol } from './upstream/erc20.ts';
import { getCode, factsFrom } from './upstream/rpc-token-source.ts';
import { hasCode, noContract, notErc20, type TokenFacts } from './upstream/token-source.ts';

export interface TokenMetadata {
  name: string;
  symbol: string;
  decimals: number;
  logo: string | null;
}

/** One contract of a several-contract lookup: its metadata, or why there is none. */
export type TokenMetadataItem = ({ contract: string } & TokenMetadata) | { contract: string; error: string };

export interface TokenService {
  metadata(chain: SupportedChain, contract: string): Promise<TokenMetadata>;
  /** Several contracts: cached ones from the cache, the rest in one round trip. */
  metadataMany(chain: SupportedChain, contracts: string[], signal?: AbortSignal): Promise<TokenMetadataItem[]>;
  allowance(chain: SupportedChain, contract: string, owner: string, spender: string, signal?: AbortSignal): Promise<bigint>;
}

const DAY_MS = 86_400_000;
/** Metadata whose logo check failed (not "no logo": the check itself) is kept briefly, so the logo gets another try. */
const UNSURE_LOGO_TTL_MS = 300_000;

/**
 * Token reads with the pack's caching rules: metadata per chain and checksummed address
 * for a day, concurrent identical lookups sharing one upstream request; allowances always
 * read live (they change with every approve).
 */
export function createTokenService(options: {
  clients: (chain: SupportedChain) => ChainClient;
  metadataStore: CacheStore<TokenMetadata>;
  logos: LogoResolver;
  /** Told of metadata cache lookups (`chain:metadata`). */
  observer?: UpstreamObserver;
}): TokenService {
  const { clients, metadataStore, logos } = options;
  const metadataCache = createCoalescingCache(metadataStore, { name: 'chain:metadata', observer: options.observer });
  const withLogo = async (chain: SupportedChain, contract: string, facts: TokenFacts, early?: Promise<LogoAnswer>) => {
    if (facts.logo) return { value: { ...facts, logo: facts.logo }, ttlMs: DAY_MS };
    const found = await (early ?? logos.find(chain.trustWalletFolder, contract));
    return { value: { name: facts.name, symbol: facts.symbol, decimals: facts.decimals, logo: found.url }, ttlMs: found.definitive ? DAY_MS : UNSURE_LOGO_TTL_MS };
  };

  async function load(chain: SupportedChain, contract: string): Promise<{ value: TokenMetadata; ttlMs: number }> {
    const client = clients(chain);
    // On plain RPC no logo comes with the facts, so the logo check runs beside the read.
    const earlyLogo = client.alchemy ? undefined : logos.find(chain.trustWalletFolder, contract);
    let facts: TokenFacts;
    try {
      facts = await client.tokens.readMetadata(contract);
    } catch (error) {
      await earlyLogo;
      throw error;
    }
    return withLogo(chain, contract, facts, earlyLogo);
  }

  async function loadMany(chain: SupportedChain, contracts: string[], signal?: AbortSignal): Promise<TokenMetadataItem[]> {
    const client = clients(chain);
    const calls = contracts.flatMap((target) => [encodeName(), encodeSymbol(), encodeDecimals()].map((data) => ({ target, data })));
    const results = await readCalls(client.rpc, client.label, multicall3Of(chain), calls, signal);
    const read = contracts.map((contract, index) => ({ contract, ...factsFrom({ name: results[3 * index], symbol: results[3 * index + 1], decimals: results[3 * index + 2] }) }));
    // Only when some are not tokens: one more request, to tell "no contract" from "not an ERC-20".
    const failed = read.filter((entry) => !entry.facts);
    const codes = failed.length > 0 ? await client.rpc.batch(failed.map((entry) => getCode(entry.contract)), signal) : [];
    return Promise.all(
      read.map(async (entry): Promise<TokenMetadataItem> => {
        if (!entry.facts) {
          const code = codes[failed.indexOf(entry)];
          const known = code?.ok ? hasCode(code.result) : true;
          const error = known ? notErc20(entry.contract, chain.slug, `it does not answer ${entry.missing.join(', ')}`) : noContract(entry.contract, chain.slug);
          return { contract: entry.contract, error: error.message };
        }
        const { value, ttlMs } = await withLogo(chain, entry.contract, entry.facts);
        await metadataStore.set(`${chain.slug}:${entry.contract}`, value, ttlMs);
        return { contract: entry.contract, ...value };
      }),
    );
  }

  return {
    // No caller signal: the upstream read is shared by every concurrent caller and bounded by the transport's timeout.
    metadata: (chain, contract) => metadataCache.get(`${chain.slug}:${contract}`, () => load(chain, contract)),
    async metadataMany(chain, contracts, signal) {
      const cached = await Promise.all(contracts.map((contract) => metadataStore.get(`${chain.slug}:${contract}`)));
      const misses = contracts.filter((_contract, index) => !cached[index]);
      const loaded = misses.length > 0 ? await loadMany(chain, misses, signal) : [];
      return contracts.map((contract, index) => {
        const hit = cached[index];
        return hit ? { contract, ...hit } : loaded[misses.indexOf(contract)]!;
      });
    },
    allowance: (chain, contract, owner, spender, signal) => clients(chain).tokens.readAllowance(contract, owner, spender, signal),
  };
}
