import { formatUnits, getAddress } from 'ethers';
import type { RpcBlock, RpcReceipt, RpcTransaction } from './evm-schemas.ts';

/** Pure mappings from JSON-RPC answers to the tools' shapes: wei as decimal strings, small integers as numbers. */

const int = (hex: string) => Number(BigInt(hex));
const decimal = (hex: string) => BigInt(hex).toString();
const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A wei amount as a decimal string and in gwei, as fees are usually read. */
export const weiAndGwei = (hex: string) => ({ wei: decimal(hex), gwei: formatUnits(BigInt(hex), 'gwei') });

export function mapBlock(block: RpcBlock) {
  const timestamp = int(block.timestamp);
  return {
    number: int(block.number),
    hash: block.hash,
    parentHash: block.parentHash,
    timestamp,
    time: isoTime(timestamp),
    gasUsed: decimal(block.gasUsed),
    gasLimit: decimal(block.gasLimit),
    baseFeePerGas: block.baseFeePerGas ? weiAndGwei(block.baseFeePerGas) : null,
    transactionCount: block.transactions.length,
    miner: block.miner ? getAddress(block.miner) : null,
  };
}
export type BlockSummary = ReturnType<typeof mapBlock>;

export type TransactionStatus = 'success' | 'reverted' | 'pending' | 'unknown-outcome';

/** A transaction with its receipt; without a receipt it is pending (known to the node, not mined). */
export function mapTransaction(tx: RpcTransaction, receipt: RpcReceipt | null) {
  const status: TransactionStatus = !receipt ? 'pending' : receipt.status === undefined || receipt.status === null ? 'unknown-outcome' : BigInt(receipt.status) === 1n ? 'success' : 'reverted';
  return {
    hash: tx.hash,
    status,
    blockNumber: receipt ? int(receipt.blockNumber) : null,
    from: getAddress(tx.from),
    to: tx.to ? getAddress(tx.to) : null,
    value: decimal(tx.value),
    valueEther: formatUnits(BigInt(tx.value), 'ether'),
    nonce: int(tx.nonce),
    gasLimit: decimal(tx.gas),
    gasUsed: receipt ? decimal(receipt.gasUsed) : null,
    effectiveGasPrice: receipt?.effectiveGasPrice ? decimal(receipt.effectiveGasPrice) : tx.gasPrice && receipt ? decimal(tx.gasPrice) : null,
    contractCreated: receipt?.contractAddress ? getAddress(receipt.contractAddress) : null,
    logCount: receipt ? receipt.logs.length : null,
  };
}
export type TransactionSummary = ReturnType<typeof mapTransaction>;
