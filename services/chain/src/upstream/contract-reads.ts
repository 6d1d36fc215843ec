import { isContractRefusal, nodeFailure, type JsonRpc } from './json-rpc.ts';
import { decodeAggregate3, encodeAggregate3, type ContractCall } from './multicall3.ts';
import { ethCall } from './rpc-token-source.ts';
import { UpstreamError } from '@toolgate/upstream';

/**
 * Runs many read-only contract calls in one upstream round trip: one eth_call of Multicall3's
 * aggregate3 where the chain has it, a JSON-RPC batch of eth_calls where it does not. Each
 * call's raw return data comes back, or undefined where that call failed (a revert, no such
 * function, no contract: a call to an address without code "succeeds" with empty data).
 * If Multicall3 answers nothing (not deployed at the address the table assumes), the batch is
 * used instead: a second round trip, but a right answer.
 */
export async function readCalls(rpc: JsonRpc, label: string, multicall: string | undefined, calls: ContractCall[], signal?: AbortSignal): Promise<(string | undefined)[]> {
  if (calls.length === 0) return [];
  if (multicall) {
    const outcome = await rpc.call(ethCall(multicall, encodeAggregate3(calls)), signal);
    // aggregate3 with allowFailure never reverts for a failed call, so an error is the node's.
    if (!outcome.ok) throw nodeFailure(label, outcome);
    const results = decodeAggregate3(outcome.result, calls.length);
    if (results) return results.map((data) => (data === '0x' ? undefined : data));
    if (outcome.result !== '0x') throw new UpstreamError(`Multicall3 returned a malformed answer`, { upstream: label, isRetryable: false });
  }
  const outcomes = await rpc.batch(calls.map((call) => ethCall(call.target, call.data)), signal);
  return outcomes.map((outcome) => {
    if (outcome.ok) return typeof outcome.result === 'string' && outcome.result !== '0x' ? outcome.result : undefined;
    if (isContractRefusal(outcome)) return undefined;
    throw nodeFailure(label, outcome);
  });
}
