/**
 * The EVM chains the pack knows. `slug` is Alchemy's network name (so the same value
 * selects the Alchemy endpoint); aliases and the decimal chain id select it too.
 * `publicRpcUrl` is a keyless public endpoint used when no Alchemy key is configured.
 * `trustWalletFolder` names the chain in Trust Wallet's asset repository (logos).
 */
export interface ChainInfo {
  slug: string;
  name: string;
  chainId?: number;
  aliases: readonly string[];
  /** Served by Alchemy under this network name (the slug for built-in chains). */
  alchemyNetwork?: string;
  publicRpcUrl?: string;
  trustWalletFolder?: string;
  /** The native coin's symbol (18 decimals on every chain here); unknown for operator-added chains. */
  nativeSymbol?: string;
  /** Multicall3's address when it is not the canonical one; null where it is not deployed. */
  multicall3?: string | null;
  /** The ENS registry (names are resolved on Ethereum mainnet only). */
  ensRegistry?: string;
}

/** Where Multicall3 lives on most EVM chains (deployed by one presigned transaction: github.com/mds1/multicall3). */
export const MULTICALL3_CANONICAL = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** Multicall3's address on a chain, or undefined where it is not deployed; unknown chains are assumed canonical. */
export const multicall3Of = (info: ChainInfo): string | undefined => (info.multicall3 === null ? undefined : (info.multicall3 ?? MULTICALL3_CANONICAL));

/** A built-in chain: Alchemy serves it under its slug; its coin is ETH unless said otherwise. */
const chain = (info: Omit<ChainInfo, 'alchemyNetwork'>): ChainInfo => ({
  ...info,
  nativeSymbol: info.nativeSymbol ?? 'ETH',
  alchemyNetwork: info.slug,
});

export const BUILT_IN_CHAINS: readonly ChainInfo[] = [
  chain({ slug: 'eth-mainnet', name: 'Ethereum', chainId: 1, aliases: ['ethereum', 'eth', 'mainnet'], publicRpcUrl: 'https://ethereum-rpc.publicnode.com', trustWalletFolder: 'ethereum', ensRegistry: '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e' }),
  chain({ slug: 'eth-sepolia', name: 'Ethereum Sepolia', chainId: 11_155_111, aliases: ['sepolia'], publicRpcUrl: 'https://ethereum-sepolia-rpc.publicnode.com' }),
  chain({ slug: 'eth-holesky', name: 'Ethereum Holesky', chainId: 17_000, aliases: ['holesky'], publicRpcUrl: 'https://ethereum-holesky-rpc.publicnode.com' }),
  chain({ slug: 'base-mainnet', name: 'Base', chainId: 8453, aliases: ['base'], publicRpcUrl: 'https://mainnet.base.org', trustWalletFolder: 'base' }),
  chain({ slug: 'base-sepolia', name: 'Base Sepolia', chainId: 84_532, aliases: [], publicRpcUrl: 'https://sepolia.base.org' }),
  chain({ slug: 'polygon-mainnet', name: 'Polygon PoS', chainId: 137, aliases: ['polygon', 'matic', 'pol'], publicRpcUrl: 'https://polygon-bor-rpc.publicnode.com', trustWalletFolder: 'polygon', nativeSymbol: 'POL' }),
  chain({ slug: 'polygon-amoy', name: 'Polygon Amoy', chainId: 80_002, aliases: ['amoy'], publicRpcUrl: 'https://rpc-amoy.polygon.technology', nativeSymbol: 'POL' }),
  chain({ slug: 'arb-mainnet', name: 'Arbitrum One', chainId: 42_161, aliases: ['arbitrum', 'arb', 'arbitrum-one'], publicRpcUrl: 'https://arb1.arbitrum.io/rpc', trustWalletFolder: 'arbitrum' }),
  chain({ slug: 'arb-sepolia', name: 'Arbitrum Sepolia', chainId: 421_614, aliases: [], publicRpcUrl: 'https://sepolia-rollup.arbitrum.io/rpc' }),
  chain({ slug: 'arbnova-mainnet', name: 'Arbitrum Nova', chainId: 42_170, aliases: ['arbitrum-nova'], publicRpcUrl: 'https://nova.arbitrum.io/rpc' }),
  chain({ slug: 'opt-mainnet', name: 'OP Mainnet', chainId: 10, aliases: ['optimism', 'op', 'opt'], publicRpcUrl: 'https://mainnet.optimism.io', trustWalletFolder: 'optimism' }),
  chain({ slug: 'opt-sepolia', name: 'OP Sepolia', chainId: 11_155_420, aliases: [], publicRpcUrl: 'https://sepolia.optimism.io' }),
  chain({ slug: 'bnb-mainnet', name: 'BNB Smart Chain', chainId: 56, aliases: ['bnb', 'bsc', 'binance', 'smartchain'], publicRpcUrl: 'https://bsc-dataseed.bnbchain.org', trustWalletFolder: 'smartchain', nativeSymbol: 'BNB' }),
  chain({ slug: 'bnb-testnet', name: 'BNB Smart Chain Testnet', chainId: 97, aliases: [], publicRpcUrl: 'https://data-seed-prebsc-1-s1.bnbchain.org:8545', nativeSymbol: 'tBNB' }),
  chain({ slug: 'avax-mainnet', name: 'Avalanche C-Chain', chainId: 43_114, aliases: ['avalanche', 'avax'], publicRpcUrl: 'https://api.avax.network/ext/bc/C/rpc', trustWalletFolder: 'avalanchec', nativeSymbol: 'AVAX' }),
  chain({ slug: 'gnosis-mainnet', name: 'Gnosis', chainId: 100, aliases: ['gnosis', 'xdai'], publicRpcUrl: 'https://rpc.gnosischain.com', trustWalletFolder: 'xdai', nativeSymbol: 'XDAI' }),
  chain({ slug: 'linea-mainnet', name: 'Linea', chainId: 59_144, aliases: ['linea'], publicRpcUrl: 'https://rpc.linea.build', trustWalletFolder: 'linea' }),
  chain({ slug: 'zksync-mainnet', name: 'ZKsync Era', chainId: 324, aliases: ['zksync'], publicRpcUrl: 'https://mainnet.era.zksync.io', trustWalletFolder: 'zksync', multicall3: '0xF9cda624FBC7e059355ce98a31693d299FACd963' }),
  chain({ slug: 'scroll-mainnet', name: 'Scroll', chainId: 534_352, aliases: ['scroll'], publicRpcUrl: 'https://rpc.scroll.io', trustWalletFolder: 'scroll' }),
  chain({ slug: 'blast-mainnet', name: 'Blast', chainId: 81_457, aliases: ['blast'], publicRpcUrl: 'https://rpc.blast.io', trustWalletFolder: 'blast' }),
  chain({ slug: 'celo-mainnet', name: 'Celo', chainId: 42_220, aliases: ['celo'], publicRpcUrl: 'https://forno.celo.org', trustWalletFolder: 'celo', nativeSymbol: 'CELO' }),
  chain({ slug: 'mantle-mainnet', name: 'Mantle', chainId: 5000, aliases: ['mantle'], publicRpcUrl: 'https://rpc.mantle.xyz', trustWalletFolder: 'mantle', nativeSymbol: 'MNT' }),
  chain({ slug: 'zora-mainnet', name: 'Zora', chainId: 7_777_777, aliases: ['zora'], publicRpcUrl: 'https://rpc.zora.energy' }),
  chain({ slug: 'unichain-mainnet', name: 'Unichain', chainId: 130, aliases: ['unichain'], publicRpcUrl: 'https://mainnet.unichain.org' }),
  chain({ slug: 'worldchain-mainnet', name: 'World Chain', chainId: 480, aliases: ['worldchain', 'world-chain'], publicRpcUrl: 'https://worldchain-mainnet.g.alchemy.com/public' }),
];

export const DEFAULT_CHAIN = 'eth-mainnet';
