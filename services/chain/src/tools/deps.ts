import type { BalanceService } from '../balance-service.ts';
import type { ChainRegistry } from '../chain-registry.ts';
import type { AddressResolver } from '../ens/ens-resolver.ts';
import type { TokenService } from '../token-service.ts';

/** What the chain pack's tools are built from. */
export interface ChainToolDeps {
  chains: ChainRegistry;
  tokens: TokenService;
  balances: BalanceService;
  /** Turns an ENS name into an address (Ethereum mainnet); passes addresses through. */
  addresses: AddressResolver;
}
