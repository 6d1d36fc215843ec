import { formatEther } from 'ethers';
import { ALLOWANCE, HOLDER, NATIVE_BALANCE, TOKENS } from '../alchemy-stand-in.ts';
import { holding, type ToolCase } from './tool-case.ts';

const SPENDER = '0x2222222222222222222222222222222222222222';

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
];
