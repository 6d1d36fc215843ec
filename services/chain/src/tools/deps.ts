import type { CoalescingCache, ResponseCache } from '@toolgate/upstream';
import type { z } from 'zod';
import type { BalanceService } from '../balance-service.ts';
import type { ChainClient } from '../chain-clients.ts';
import type { ChainRegistry, SupportedChain } from '../chain-registry.ts';
import type { AddressResolver } from '../ens/ens-resolver.ts';
import type { TokenService } from '../token-service.ts';

/** What the chain pack's tools are built from. */
export interface ChainToolDeps {
  chains: ChainRegistry;
  tokens: TokenService;
  balances: BalanceService;
  /** Turns an ENS name into an address (Ethereum mainnet); passes addresses through. */
  addresses: AddressResolver;
  /** Each chain's JSON-RPC client, for the tools that read blocks, transactions and contracts directly. */
  clients: (chain: SupportedChain) => ChainClient;
  /** The pack's cache (memory, or Redis with REDIS_URL): tools keep their own namespaced stores in it. */
  cache: ResponseCache;
  /** A namespaced store in `cache` (`chain:<name>:` keys), coalesced, its lookups reported to the upstream observer as `chain:<name>`. */
  sharedCache<Schema extends z.ZodType>(name: string, schema: Schema): CoalescingCache<z.infer<Schema>>;
}
