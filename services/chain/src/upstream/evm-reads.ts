import type { z } from 'zod';
import { nodeFailure, type JsonRpc, type RpcOutcome } from './json-rpc.ts';
import { rpcBlock, rpcQuantity, rpcReceipt, rpcTransaction } from './evm-schemas.ts';
import { UpstreamError } from '@toolgate/upstream';

/** A block by number, by hash, or by one of the standard tags. */
export type BlockSelector = { kind: 'hash'; hash: string } | { kind: 'number'; number: bigint } | { kind: 'tag'; tag: 'latest' | 'finalized' | 'safe' | 'earliest' };

/** One answer checked against its schema; `null` passes when allowed (an unknown block or transaction). */
function answer<Schema extends z.ZodType>(outcome: RpcOutcome | undefined, schema: Schema, label: string, what: string): z.infer<Schema> | null {
  if (!outcome) throw new UpstreamError(`reply lacks the ${what}`, { upstream: label, isRetryable: false });
  if (!outcome.ok) throw nodeFailure(label, outcome);
  if (outcome.result === null) return null;
  const parsed = schema.safeParse(outcome.result);
  if (!parsed.success) throw new UpstreamError(`the ${what} is malformed`, { upstream: label, isRetryable: false });
  return parsed.data;
}

function required<Value>(value: Value | null, label: string, what: string): Value {
  if (value === null) throw new UpstreamError(`the node answered no ${what}`, { upstream: label, isRetryable: false });
  return value;
}

const blockCall = (selector: BlockSelector) =>
  selector.kind === 'hash'
    ? { method: 'eth_getBlockByHash', params: [selector.hash, false] }
    : { method: 'eth_getBlockByNumber', params: [selector.kind === 'tag' ? selector.tag : `0x${selector.number.toString(16)}`, false] };

/** The chain id, gas price and latest block: one JSON-RPC batch. */
export async function readChainHead(rpc: JsonRpc, label: string, signal?: AbortSignal) {
  const [chainId, gasPrice, block] = await rpc.batch(
    [{ method: 'eth_chainId', params: [] }, { method: 'eth_gasPrice', params: [] }, blockCall({ kind: 'tag', tag: 'latest' })],
    signal,
  );
  return {
    chainId: required(answer(chainId, rpcQuantity, label, 'chain id'), label, 'chain id'),
    gasPrice: required(answer(gasPrice, rpcQuantity, label, 'gas price'), label, 'gas price'),
    latest: required(answer(block, rpcBlock, label, 'latest block'), label, 'latest block'),
  };
}

/** One block (transaction hashes only), or null when the node does not have it. */
export async function readBlock(rpc: JsonRpc, label: string, selector: BlockSelector, signal?: AbortSignal) {
  return answer(await rpc.call(blockCall(selector), signal), rpcBlock, label, 'block');
}

/** A transaction and its receipt in one batch: no transaction means unknown; no receipt means pending. */
export async function readTransaction(rpc: JsonRpc, label: string, hash: string, signal?: AbortSignal) {
  const [tx, receipt] = await rpc.batch(
    [{ method: 'eth_getTransactionByHash', params: [hash] }, { method: 'eth_getTransactionReceipt', params: [hash] }],
    signal,
  );
  return { transaction: answer(tx, rpcTransaction, label, 'transaction'), receipt: answer(receipt, rpcReceipt, label, 'receipt') };
}
