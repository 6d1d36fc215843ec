import { readFileSync } from 'node:fs';
import { Interface } from 'ethers';
import { repoRoot } from '../src/index.ts';
import { documentedAnswer, NFT, nftCall } from './evm-stand-in.ts';

// Alchemy for the chain pack, answering what the pack sends: alchemy_* methods alone (refused in
// a batch, as Alchemy does), standard methods alone or batched, and Multicall3's aggregate3.
// Token facts come from the chain pack's recorded Alchemy fixtures (services/chain/test/fixtures,
// SOURCES.md there); what no recording gives is hand-written and marked so below.

const recorded = (name: string) => JSON.parse(readFileSync(`${repoRoot}services/chain/test/fixtures/alchemy/${name}.json`, 'utf8'));
const USDC_METADATA = recorded('token-metadata-usdc').result as { name: string; symbol: string; decimals: number; logo: string };
/** The documented alchemy_getTokenBalances example: vitalik.eth holds no USDC. */
const BALANCES = recorded('token-balances-vitalik-usdc').result as { address: string; tokenBalances: { contractAddress: string; tokenBalance: string }[] };
const UNINDEXED = recorded('token-metadata-unindexed').error;
/** Alchemy's Transfers API docs example (binance 14's outgoing transfers). */
const TRANSFERS = recorded('asset-transfers-binance').result;

export const TOKENS = {
  USDC: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', metadata: USDC_METADATA },
  // Hand-written: DAI as Alchemy lists it, without a logo (so the pack asks the logo host too).
  DAI: { address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', metadata: { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18, logo: null } },
};
export const HOLDER = BALANCES.address;
/** ethereum.org's JSON-RPC docs, eth_getBalance example result (0.158972490234375 ETH). */
export const NATIVE_BALANCE = '0x0234c8a3397aab58';
/** Hand-written: the allowance every (owner, spender) pair has on a known token. */
export const ALLOWANCE = 1_000_000n;
const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';

const erc20 = new Interface([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
]);
const multicall3 = new Interface([
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
]);

const tokenAt = (address: unknown) => Object.values(TOKENS).find((token) => token.address.toLowerCase() === String(address).toLowerCase());

/** An ERC-20 read against a known token: its return data, or '0x' (no code there, or no answer). */
function erc20Call(target: string, data: string): string {
  const token = tokenAt(target);
  const call = token && erc20.parseTransaction({ data });
  if (!token || !call) return '0x';
  switch (call.name) {
    case 'name':
    case 'symbol':
    case 'decimals':
      return erc20.encodeFunctionResult(call.name, [token.metadata[call.name]]);
    case 'allowance':
      return erc20.encodeFunctionResult('allowance', [ALLOWANCE]);
    case 'balanceOf': {
      const held = BALANCES.tokenBalances.find((entry) => entry.contractAddress === target.toLowerCase());
      const owned = String(call.args[0]).toLowerCase() === HOLDER.toLowerCase() && held;
      return owned ? erc20.encodeFunctionResult('balanceOf', [BigInt(held.tokenBalance)]) : '0x';
    }
    default:
      return '0x';
  }
}

function ethCall(to: string, data: string, seen: string[]): string {
  if (to.toLowerCase() !== MULTICALL3) return nftCall(to, data) ?? erc20Call(to, data);
  const [calls] = multicall3.decodeFunctionData('aggregate3', data);
  seen.push(`aggregate3(${(calls as unknown[]).length} calls)`);
  const results = (calls as { target: string; callData: string }[]).map((call) => {
    const returnData = erc20Call(call.target, call.callData);
    return { success: returnData !== '0x', returnData };
  });
  return multicall3.encodeFunctionResult('aggregate3', [results]);
}

type Call = { id: number; method: string; params: any[] };

function reply(call: Call, seen: string[]): object {
  const result = (value: unknown) => ({ jsonrpc: '2.0', id: call.id, result: value });
  switch (call.method) {
    case 'alchemy_getTokenMetadata': {
      const token = tokenAt(call.params[0]);
      return token ? result(token.metadata) : { jsonrpc: '2.0', id: call.id, error: UNINDEXED };
    }
    case 'alchemy_getTokenBalances':
      return result(String(call.params[0]).toLowerCase() === HOLDER.toLowerCase() ? BALANCES : { address: call.params[0], tokenBalances: [] });
    case 'alchemy_getAssetTransfers':
      return result(TRANSFERS);
    case 'eth_getCode':
      return result(tokenAt(call.params[0]) || String(call.params[0]).toLowerCase() === NFT.contract.toLowerCase() ? '0x6080604052' : '0x');
    case 'eth_call':
      return result(ethCall(call.params[0].to, call.params[0].data, seen));
    case 'eth_getBalance':
      return result(String(call.params[0]).toLowerCase() === HOLDER.toLowerCase() ? NATIVE_BALANCE : '0x0');
    default: {
      const documented = documentedAnswer(call.method, call.params);
      return documented ? result(documented.value) : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `Unsupported method: ${call.method}` } };
    }
  }
}

/**
 * Answers one HTTP body of JSON-RPC (a call or a batch) as Alchemy would, noting its shape in
 * `seen` ("alchemy_getTokenMetadata", "batch[eth_getCode,eth_call]", "aggregate3(3 calls)").
 */
export function alchemyAnswer(body: string, seen: string[]): unknown {
  const parsed = JSON.parse(body);
  seen.push(Array.isArray(parsed) ? `batch[${parsed.map((call: Call) => call.method).join(',')}]` : String(parsed.method));
  if (!Array.isArray(parsed)) return reply(parsed, seen);
  if (parsed.some((call: Call) => String(call.method).startsWith('alchemy_'))) {
    return parsed.map((call: Call) => ({ jsonrpc: '2.0', id: call.id, error: { code: -32600, message: `${call.method} is not supported in batch requests` } }));
  }
  return parsed.map((call: Call) => reply(call, seen));
}
