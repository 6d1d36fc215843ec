import { UpstreamError } from './upstream-error.ts';
import type { HttpTransport } from './http-transport.ts';
import { isContractRefusal, sendBatch, type RpcOutcome } from './json-rpc-batch.ts';
import { decodeAllowance, decodeDecimals, decodeTokenText, encodeAllowance, encodeDecimals, encodeName, encodeSymbol } from './erc20.ts';
import { hasCode, noContract, notErc20, type TokenSource } from './token-source.ts';

const call = (to: string, data: string) => ({ method: 'eth_call', params: [{ to, data }, 'latest'] });
const getCode = (address: string) => ({ method: 'eth_getCode', params: [address, 'latest'] });

/** A call's result, or undefined when the contract refused; a node failure is thrown. */
function resultOf(outcome: RpcOutcome, label: string): unknown {
  if (outcome.ok) return outcome.result;
  if (isContractRefusal(outcome)) return undefined;
  throw new UpstreamError(`${label}: node error ${outcome.code}: ${outcome.message}`, { failure: 'rpc' });
}

/**
 * Reads ERC-20 facts from any EVM JSON-RPC node. Each read is one batch (one HTTP round
 * trip) that also asks for the code at the address, so "no contract" and "not a token"
 * are told apart without a second request.
 */
export function createRpcTokenSource(options: { transport: HttpTransport; url: string; chain: string }): TokenSource {
  const { transport, url, chain } = options;
  const label = `${chain} JSON-RPC`;
  const batch = async (calls: ReturnType<typeof call>[], signal?: AbortSignal) => {
    try {
      return await sendBatch(transport, url, calls, signal);
    } catch (error) {
      throw error instanceof UpstreamError ? error.labelled(label) : error;
    }
  };
  const codeOf = (outcome: RpcOutcome | undefined) => {
    if (!outcome?.ok) throw new UpstreamError(`${label}: eth_getCode failed${outcome && !outcome.ok ? `: ${outcome.message}` : ''}`, { failure: 'rpc' });
    return outcome.result;
  };

  return {
    async readMetadata(contract, signal) {
      const [code, name, symbol, decimals] = await batch(
        [getCode(contract), call(contract, encodeName()), call(contract, encodeSymbol()), call(contract, encodeDecimals())],
        signal,
      );
      if (!hasCode(codeOf(code))) throw noContract(contract, chain);
      const facts = {
        name: decodeTokenText(resultOf(name!, label)),
        symbol: decodeTokenText(resultOf(symbol!, label)),
        decimals: decodeDecimals(resultOf(decimals!, label)),
      };
      const missing = (Object.keys(facts) as (keyof typeof facts)[]).filter((key) => facts[key] === undefined);
      if (missing.length > 0) throw notErc20(contract, chain, `it does not answer ${missing.map((key) => `${key}()`).join(', ')}`);
      return { name: facts.name!, symbol: facts.symbol!, decimals: facts.decimals! };
    },

    async readAllowance(contract, owner, spender, signal) {
      const [code, allowance] = await batch([getCode(contract), call(contract, encodeAllowance(owner, spender))], signal);
      if (!hasCode(codeOf(code))) throw noContract(contract, chain);
      const value = decodeAllowance(resultOf(allowance!, label));
      if (value === undefined) throw notErc20(contract, chain, 'it does not answer allowance(owner, spender)');
      return value;
    },
  };
}
