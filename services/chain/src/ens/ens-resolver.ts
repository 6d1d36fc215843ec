import { ToolError } from '@toolgate/core';
import { AbiCoder, getAddress, Interface, namehash, ZeroAddress } from 'ethers';
import { isEnsName } from '../address.ts';
import type { CoalescingCache } from '@toolgate/upstream';
import type { ChainClient } from '../chain-clients.ts';
import type { ChainRegistry, SupportedChain } from '../chain-registry.ts';
import { ethCall, resultOf } from '../upstream/rpc-token-source.ts';

const registryAbi = new Interface(['function resolver(bytes32 node) view returns (address)']);
const resolverAbi = new Interface(['function addr(bytes32 node) view returns (address)']);
const coder = AbiCoder.defaultAbiCoder();

/** ENS records change rarely; an hour keeps a re-pointed name from being wrong for long. */
const ENS_TTL_MS = 3_600_000;
/** Where ENS names are resolved, whatever chain the tool reads. */
const ENS_CHAIN = 'eth-mainnet';

export interface AddressResolver {
  /** The address itself, or what an ENS name resolves to on Ethereum mainnet (ToolError when it resolves to nothing). */
  resolve(chain: SupportedChain, value: string, signal?: AbortSignal): Promise<string>;
  /** Each value resolved, in order, at most ENS_RESOLVE_CONCURRENCY at once: one call's names never flood the node. */
  resolveAll(chain: SupportedChain, values: readonly string[]): Promise<string[]>;
}

/**
 * ENS resolution as the ENS registry defines it (EIP-137): the registry's resolver(node), then
 * that resolver's addr(node), each an eth_call on Ethereum mainnet's endpoint; the answer is
 * cached (an hour) and shared by concurrent callers. Wildcard (ENSIP-10) and off-chain
 * (CCIP-read) resolvers are not followed: such names get a clear error.
 */
export function createEnsResolver(options: {
  chains: ChainRegistry;
  clients: (chain: SupportedChain) => ChainClient;
  cache: CoalescingCache<string>;
  /** ENS_RESOLVE_CONCURRENCY: names one call resolves at once (each is two eth_calls in turn). */
  concurrency: number;
}): AddressResolver {
  const read = async (client: ChainClient, to: string, data: string, signal?: AbortSignal) => {
    // A contract that refuses resolves to nothing; a node failure is thrown.
    const raw = resultOf(await client.rpc.call(ethCall(to, data), signal), client.label);
    if (raw === undefined) return ZeroAddress;
    try {
      return getAddress(String(coder.decode(['address'], String(raw))[0]));
    } catch {
      return ZeroAddress;
    }
  };

  async function lookup(name: string): Promise<{ value: string; ttlMs: number }> {
    const mainnet = options.chains.resolve(ENS_CHAIN);
    const registry = mainnet.ensRegistry;
    if (!registry) throw new ToolError(`Cannot resolve ENS name ${name}: Ethereum mainnet has no ENS registry configured.`);
    const client = options.clients(mainnet);
    const node = namehash(name);
    const resolver = await read(client, registry, registryAbi.encodeFunctionData('resolver', [node]));
    if (resolver === ZeroAddress) throw new ToolError(`The ENS name ${name} has no resolver on Ethereum mainnet: it is not registered (or has expired). Check the spelling, or pass a 0x address.`);
    const address = await read(client, resolver, resolverAbi.encodeFunctionData('addr', [node]));
    if (address === ZeroAddress) throw new ToolError(`The ENS name ${name} does not point to an address (its resolver has no ETH address for it). Pass a 0x address instead.`);
    return { value: address, ttlMs: ENS_TTL_MS };
  }

  const resolve = async (chain: SupportedChain, value: string): Promise<string> => {
    if (!isEnsName(value)) return value;
    if (chain.slug !== ENS_CHAIN) {
      throw new ToolError(`ENS names are resolved on Ethereum mainnet only, and ${value} was given for ${chain.slug}: pass a 0x address for that chain.`);
    }
    // No caller signal: one resolution is shared by every concurrent caller, bounded by the transport's timeout.
    return options.cache.get(value, () => lookup(value));
  };

  return {
    resolve,
    async resolveAll(chain, values) {
      const resolved: string[] = new Array(values.length);
      let next = 0;
      // A few lanes take the next value in turn; the first failure ends the call (Promise.all).
      const lane = async () => {
        while (next < values.length) {
          const index = next++;
          resolved[index] = await resolve(chain, values[index]!);
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency, values.length) }, lane));
      return resolved;
    },
  };
}
