import { z } from 'zod';

/**
 * Minimal schemas of the standard JSON-RPC answers the keyless reads use (execution-apis:
 * eth_getBlockByNumber/Hash with full=false, eth_getTransactionByHash, eth_getTransactionReceipt).
 * Only what the tools show is required; `.nullish()` marks what older blocks or some chains omit.
 */
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/);
const hash32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/);
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const rpcBlock = z.object({
  number: quantity,
  hash: hash32,
  parentHash: hash32,
  timestamp: quantity,
  gasUsed: quantity,
  gasLimit: quantity,
  baseFeePerGas: quantity.nullish(),
  miner: address.nullish(),
  // Hashes only (full=false); a node may send objects anyway: only the count is used.
  transactions: z.array(z.unknown()),
});
export type RpcBlock = z.infer<typeof rpcBlock>;

export const rpcTransaction = z.object({
  hash: hash32,
  from: address,
  to: address.nullish(),
  value: quantity,
  nonce: quantity,
  blockNumber: quantity.nullish(),
  blockHash: hash32.nullish(),
  gas: quantity,
  gasPrice: quantity.nullish(),
});
export type RpcTransaction = z.infer<typeof rpcTransaction>;

export const rpcReceipt = z.object({
  // "0x1" success, "0x0" reverted; blocks before Byzantium carry a state root instead.
  status: quantity.nullish(),
  blockNumber: quantity,
  gasUsed: quantity,
  effectiveGasPrice: quantity.nullish(),
  contractAddress: address.nullish(),
  logs: z.array(z.unknown()),
});
export type RpcReceipt = z.infer<typeof rpcReceipt>;

export const rpcQuantity = quantity;
