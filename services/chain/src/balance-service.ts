import { ToolError } from '@toolgate/core';
import { formatUnits, getAddress } from 'ethers';
import type { CacheStore } from '@toolgate/upstream';
import type { ChainClient } from './chain-clients.ts';
import type { SupportedChain } from './chain-registry.ts';
import { multicall3Of } from './chains.ts';
import { fetchAlchemyTokenBalances } from './upstream/alchemy-balances.ts';
import { readCalls } from './upstream/contract-reads.ts';
import { decodeDecimals, decodeTokenText, decodeUint256, encodeBalanceOf, encodeDecimals, encodeSymbol } from './upstream/erc20.ts';
import type { ContractCall } from './upstream/multicall3.ts';
import { nodeFailure } from './upstream/json-rpc.ts';
import { UpstreamError } from '@toolgate/upstream';

/** What a balance needs besides the amount: cached per chain and contract (they never change). */
export interface TokenUnits {
  symbol: string;
  decimals: number;
}

export interface TokenBalance {
  contract: string;
  balance: string | null;
  decimals: number | null;
  symbol: string | null;
  amount: string | null;
  error?: string;
}

export interface BalanceService {
  /** Balances of the given contracts (one round trip), or with Alchemy and no list, of the tokens Alchemy knows for the owner. */
  tokenBalances(chain: SupportedChain, owner: string, contracts: string[] | undefined, signal?: AbortSignal): Promise<{ tokens: TokenBalance[]; complete: boolean }>;
  nativeBalance(chain: SupportedChain, address: string, signal?: AbortSignal): Promise<bigint>;
}

const DAY_MS = 86_400_000;
const hex = (value: bigint) => `0x${value.toString(16)}`;

/**
 * Balances, never cached (they change with every transfer); symbol and decimals, cached for a
 * day. With a contract list: one eth_call of Multicall3 aggregate3 carrying balanceOf (and
 * decimals()/symbol() for tokens not in the cache) for every contract, on any endpoint,
 * Alchemy's included. Without one: Alchemy's alchemy_getTokenBalances (sent alone), then the
 * same multicall for the units of tokens not yet cached.
 */
export function createBalanceService(options: { clients: (chain: SupportedChain) => ChainClient; unitsStore: CacheStore<TokenUnits> }): BalanceService {
  const { unitsStore } = options;

  async function read(chain: SupportedChain, client: ChainClient, contracts: string[], owner: string | undefined, known: Map<string, bigint>, signal?: AbortSignal) {
    const cached = await Promise.all(contracts.map((contract) => unitsStore.get(`${chain.slug}:${contract}`)));
    const calls: ContractCall[] = [];
    const slots = contracts.map((contract, index) => {
      const slot: { balance?: number; decimals?: number; symbol?: number } = {};
      if (owner) slot.balance = calls.push({ target: contract, data: encodeBalanceOf(owner) }) - 1;
      if (!cached[index]) {
        slot.decimals = calls.push({ target: contract, data: encodeDecimals() }) - 1;
        slot.symbol = calls.push({ target: contract, data: encodeSymbol() }) - 1;
      }
      return slot;
    });
    const results = await readCalls(client.rpc, client.label, multicall3Of(chain), calls, signal);
    return Promise.all(
      contracts.map(async (contract, index): Promise<TokenBalance> => {
        const slot = slots[index]!;
        const balance = slot.balance === undefined ? known.get(contract) : decodeUint256(results[slot.balance]);
        let units = cached[index];
        if (!units) {
          const decimals = decodeDecimals(results[slot.decimals!]);
          const symbol = decodeTokenText(results[slot.symbol!]);
          if (decimals !== undefined && symbol !== undefined) {
            units = { decimals, symbol };
            await unitsStore.set(`${chain.slug}:${contract}`, units, DAY_MS);
          }
        }
        if (balance === undefined) {
          return { contract, balance: null, decimals: units?.decimals ?? null, symbol: units?.symbol ?? null, amount: null, error: 'no balanceOf(owner) answer: not an ERC-20 token, or no contract at this address on this chain' };
        }
        return { contract, balance: hex(balance), decimals: units?.decimals ?? null, symbol: units?.symbol ?? null, amount: units ? formatUnits(balance, units.decimals) : null };
      }),
    );
  }

  return {
    async tokenBalances(chain, owner, contracts, signal) {
      const client = options.clients(chain);
      if (contracts) return { tokens: await read(chain, client, contracts, owner, new Map(), signal), complete: true };
      if (!client.alchemy) {
        throw new ToolError(`Give the token contracts to check (contracts: up to 100 addresses): without a list, the owner's tokens can only be discovered through Alchemy (ALCHEMY_API_KEY), and ${chain.slug} is read over plain JSON-RPC here.`);
      }
      const held = await fetchAlchemyTokenBalances(client.rpc, client.label, owner, signal);
      const nonzero = held.balances.filter((entry) => entry.balance > 0n);
      const known = new Map(nonzero.map((entry) => [getAddress(entry.contract), entry.balance]));
      return { tokens: await read(chain, client, [...known.keys()], undefined, known, signal), complete: held.complete };
    },

    async nativeBalance(chain, address, signal) {
      const client = options.clients(chain);
      const outcome = await client.rpc.call({ method: 'eth_getBalance', params: [address, 'latest'] }, signal);
      if (!outcome.ok) throw nodeFailure(client.label, outcome);
      if (typeof outcome.result !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(outcome.result)) {
        throw new UpstreamError(`eth_getBalance returned a malformed result`, { upstream: client.label, isRetryable: false });
      }
      return BigInt(outcome.result);
    },
  };
}
