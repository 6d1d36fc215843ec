import { UpstreamError } from '@toolgate/upstream';
import { isContractRefusal, nodeFailure, type JsonRpc, type RpcOutcome } from './json-rpc.ts';
import { decodeUint256, decodeDecimals, decodeTokenText, encodeAllowance, encodeDecimals, encodeName, encodeSymbol } from './erc20.ts';
import { hasCode, noContract, notErc20, type TokenFacts, type TokenSource } from './token-source.ts';

export const ethCall = (to: string, data: string) => ({ method: 'eth_call', params: [{ to, data }, 'latest'] });
export const getCode = (address: string) => ({ method: 'eth_getCode', params: [address, 'latest'] });

/** A call's result, or undefined when the contract refused; a node failure is thrown. */
export function resultOf(outcome: RpcOutcome, label: string): unknown {
  if (outcome.ok) return outcome.result;
  if (isContractRefusal(outcome)) return undefined;
  throw nodeFailure(label, outcome);
}

/** Name, symbol and decimals from their raw return data; what is missing is named. */
export function factsFrom(raw: { name: unknown; symbol: unknown; decimals: unknown }): { facts?: TokenFacts; missing: string[] } {
  const facts = { name: decodeTokenText(raw.name), symbol: decodeTokenText(raw.symbol), decimals: decodeDecimals(raw.decimals) };
  const missing = (Object.keys(facts) as (keyof typeof facts)[]).filter((key) => facts[key] === undefined).map((key) => `${key}()`);
  return missing.length > 0 ? { missing } : { facts: { name: facts.name!, symbol: facts.symbol!, decimals: facts.decimals! }, missing };
}

/**
 * Reads ERC-20 facts from any EVM JSON-RPC node. Each read is one batch (one HTTP round
 * trip) that also asks for the code at the address, so "no contract" and "not a token"
 * are told apart without a second request.
 */
export function createRpcTokenSource(options: { rpc: JsonRpc; label: string; chain: string }): TokenSource {
  const { rpc, label, chain } = options;
  const codeOf = (outcome: RpcOutcome | undefined) => {
    if (!outcome?.ok) throw new UpstreamError(`eth_getCode failed${outcome && !outcome.ok ? `: ${outcome.message}` : ''}`, { upstream: label, isRetryable: false });
    return outcome.result;
  };

  return {
    async readMetadata(contract, signal) {
      const [code, name, symbol, decimals] = await rpc.batch(
        [getCode(contract), ethCall(contract, encodeName()), ethCall(contract, encodeSymbol()), ethCall(contract, encodeDecimals())],
        signal,
      );
      if (!hasCode(codeOf(code))) throw noContract(contract, chain);
      const { facts, missing } = factsFrom({ name: resultOf(name!, label), symbol: resultOf(symbol!, label), decimals: resultOf(decimals!, label) });
      if (!facts) throw notErc20(contract, chain, `it does not answer ${missing.join(', ')}`);
      return facts;
    },

    async readAllowance(contract, owner, spender, signal) {
      const [code, allowance] = await rpc.batch([getCode(contract), ethCall(contract, encodeAllowance(owner, spender))], signal);
      if (!hasCode(codeOf(code))) throw noContract(contract, chain);
      const value = decodeUint256(resultOf(allowance!, label));
      if (value === undefined) throw notErc20(contract, chain, 'it does not answer allowance(owner, spender)');
      return value;
    },
  };
}
