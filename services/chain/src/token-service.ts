import type { ChainClient } from './chain-clients.ts';
import type { SupportedChain } from './chain-registry.ts';
import type { CoalescingCache } from './cache/coalescing-cache.ts';
import type { LogoResolver } from './logo/logo-resolver.ts';
import type { TokenFacts } from './upstream/token-source.ts';

export interface TokenMetadata {
  name: string;
  symbol: string;
  decimals: number;
  logo: string | null;
}

export interface TokenService {
  metadata(chain: SupportedChain, contract: string): Promise<TokenMetadata>;
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
  metadataCache: CoalescingCache<TokenMetadata>;
  logos: LogoResolver;
}): TokenService {
  const sourceFor = (chain: SupportedChain) => options.clients(chain).tokens;

  async function load(chain: SupportedChain, contract: string): Promise<{ value: TokenMetadata; ttlMs: number }> {
    const source = sourceFor(chain);
    // On plain RPC no logo comes with the facts, so the logo check runs beside the read.
    const earlyLogo = chain.endpoint.kind === 'rpc' ? options.logos.find(chain.trustWalletFolder, contract) : undefined;
    let facts: TokenFacts;
    try {
      facts = await source.readMetadata(contract);
    } catch (error) {
      await earlyLogo;
      throw error;
    }
    if (facts.logo) return { value: { ...facts, logo: facts.logo }, ttlMs: DAY_MS };
    const logo = await (earlyLogo ?? options.logos.find(chain.trustWalletFolder, contract));
    return { value: { ...facts, logo: logo.url }, ttlMs: logo.definitive ? DAY_MS : UNSURE_LOGO_TTL_MS };
  }

  return {
    // No caller signal: the upstream read is shared by every concurrent caller and bounded by the transport's timeout.
    metadata: (chain, contract) => options.metadataCache.get(`${chain.slug}:${contract}`, () => load(chain, contract)),
    allowance: (chain, contract, owner, spender, signal) => sourceFor(chain).readAllowance(contract, owner, spender, signal),
  };
}
