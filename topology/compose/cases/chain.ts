import { formatEther } from 'ethers';
import { ALLOWANCE, HOLDER, NATIVE_BALANCE, TOKENS } from '../alchemy-stand-in.ts';
import { DOCUMENTED, NFT } from '../evm-stand-in.ts';
import { holding, type ToolCase } from './tool-case.ts';

const SPENDER = '0x2222222222222222222222222222222222222222';
/** The owner in the recorded getNFTsForOwner answer, and the sender in the Transfers docs example. */
const GREEFFER = '0x49d3cee20d6a8f35b76a77e1e8dd7adc3e4f8fe6';
const BINANCE_14 = '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE';
const decimal = (hex: string) => BigInt(hex).toString();

/** Every chain tool against the Alchemy stand-in (single, batched and Multicall3 reads). */
export const CHAIN: ToolCase[] = [
  // One alchemy_getTokenMetadata, alone (the recorded USDC answer).
  { pack: 'chain', tool: 'token_metadata', arguments: { contract: TOKENS.USDC.address }, expected: TOKENS.USDC.metadata },
  // A standard batch: eth_getCode + eth_call allowance().
  { pack: 'chain', tool: 'token_allowance', arguments: { contract: TOKENS.USDC.address, owner: HOLDER, spender: SPENDER }, expected: { allowance: `0x${ALLOWANCE.toString(16)}` } },
  // One eth_call of Multicall3 aggregate3: balanceOf, decimals() and symbol() decoded.
  {
    pack: 'chain',
    tool: 'token_balances',
    arguments: { owner: HOLDER, contracts: [TOKENS.USDC.address] },
    expected: { count: 1, tokens: holding({ contract: TOKENS.USDC.address, balance: '0x0', decimals: 6, symbol: 'USDC', amount: '0.0' }) },
  },
  { pack: 'chain', tool: 'native_balance', arguments: { address: HOLDER }, expected: { symbol: 'ETH', amount: formatEther(BigInt(NATIVE_BALANCE)) } },
  // Keyless reads (one batch of eth_chainId, eth_gasPrice, eth_getBlockByNumber; then one call each).
  {
    pack: 'chain',
    tool: 'chain_info',
    arguments: {},
    expected: { chainId: 1, latestBlock: expect.objectContaining({ number: Number(DOCUMENTED.block.number), hash: DOCUMENTED.block.hash }), gasPrice: expect.objectContaining({ wei: decimal(DOCUMENTED.gasPrice) }) },
  },
  { pack: 'chain', tool: 'block', arguments: { block: DOCUMENTED.block.hash }, expected: { number: Number(DOCUMENTED.block.number), parentHash: DOCUMENTED.block.parentHash } },
  { pack: 'chain', tool: 'transaction', arguments: { hash: DOCUMENTED.transaction.hash }, expected: { hash: DOCUMENTED.transaction.hash, value: decimal(DOCUMENTED.transaction.value), nonce: Number(DOCUMENTED.transaction.nonce) } },
  {
    pack: 'chain',
    tool: 'read_contract',
    arguments: { contract: TOKENS.USDC.address, function: 'decimals() view returns (uint8)' },
    expected: { result: [expect.objectContaining({ type: 'uint8', value: String(TOKENS.USDC.metadata.decimals) })] },
  },
  { pack: 'chain', tool: 'nft_metadata', arguments: { contract: NFT.contract, token_id: NFT.tokenId }, expected: { standard: 'ERC-1155', tokenUri: NFT.tokenUri, owner: null } },
  // Alchemy's data APIs: NFT v3 and Prices (REST), Transfers (alchemy_getAssetTransfers).
  { pack: 'chain', tool: 'nfts_owned', arguments: { owner: GREEFFER }, expected: { totalCount: 11, nfts: holding({ contract: NFT.contract, tokenId: NFT.tokenId }) } },
  { pack: 'chain', tool: 'asset_transfers', arguments: { address: BINANCE_14 }, expected: { nextPageKey: '755207c2-d187-40fe-87aa-f43e71126777' } },
  { pack: 'chain', tool: 'token_prices', arguments: { symbols: ['ETH'] }, expected: { tokens: holding({ symbol: 'ETH' }) } },
];
