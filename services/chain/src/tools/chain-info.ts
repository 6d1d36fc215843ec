import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { mapBlock, weiAndGwei } from '../upstream/evm-mappers.ts';
import { readChainHead } from '../upstream/evm-reads.ts';
import type { ChainToolDeps } from './deps.ts';
import { chainSelector, withUpstreamErrors } from './upstream-failure.ts';

export const feeSchema = z.object({
  wei: z.string().describe('Wei as a decimal string'),
  gwei: z.string().describe('The same in gwei, as a decimal string'),
});

export const chainInfoOutput = z.object({
  chain: z.string().describe('The chain read (its slug)'),
  name: z.string().describe('The chain\'s name'),
  chainId: z.int().describe('The chain id the node reports (eth_chainId)'),
  nativeSymbol: z.string().nullable().describe('The native coin\'s symbol; null for an operator-added chain'),
  latestBlock: z.object({
    number: z.int(),
    hash: z.string(),
    timestamp: z.int().describe('Unix seconds'),
    time: z.string().describe('ISO 8601, UTC'),
  }),
  gasPrice: feeSchema.describe('eth_gasPrice: the node\'s suggested legacy gas price'),
  baseFeePerGas: feeSchema.nullable().describe('The latest block\'s base fee (EIP-1559); null on a chain without one'),
});

export function chainInfoTool(options: ChainToolDeps) {
  return defineTool({
    name: 'chain_info',
    title: 'Chain info',
    description: 'Returns a chain\'s id and name, its latest block (number, hash, time), the gas price and the base fee, read live from the chain in one request.',
    inputSchema: z.object({
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
    }),
    outputSchema: chainInfoOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input, context) {
      const selected = options.chains.resolve(input.chain);
      const client = options.clients(selected);
      // Never cached: every field is about the chain's head, which moves every block.
      const head = await withUpstreamErrors(context, selected.slug, () => readChainHead(client.rpc, client.label, context.signal));
      const block = mapBlock(head.latest);
      return {
        chain: selected.slug,
        name: selected.name,
        chainId: Number(BigInt(head.chainId)),
        nativeSymbol: selected.nativeSymbol ?? null,
        latestBlock: { number: block.number, hash: block.hash, timestamp: block.timestamp, time: block.time },
        gasPrice: weiAndGwei(head.gasPrice),
        baseFeePerGas: block.baseFeePerGas,
      };
    },
  });
}
