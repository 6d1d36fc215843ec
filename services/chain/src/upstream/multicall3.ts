import { Interface } from 'ethers';

/** Multicall3's aggregate3 (github.com/mds1/multicall3): many calls in one eth_call, each allowed to fail. */
const multicall3 = new Interface([
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
]);

export interface ContractCall {
  target: string;
  data: string;
}

export function encodeAggregate3(calls: ContractCall[]): string {
  return multicall3.encodeFunctionData('aggregate3', [calls.map((call) => ({ target: call.target, allowFailure: true, callData: call.data }))]);
}

/** Each call's return data (undefined where it failed), or undefined when the reply is not aggregate3's answer for `count` calls. */
export function decodeAggregate3(value: unknown, count: number): (string | undefined)[] | undefined {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]*$/.test(value) || value === '0x') return undefined;
  try {
    const [results] = multicall3.decodeFunctionResult('aggregate3', value);
    const mapped = (results as { success: boolean; returnData: string }[]).map((result) => (result.success ? result.returnData : undefined));
    return mapped.length === count ? mapped : undefined;
  } catch {
    return undefined;
  }
}
