import { defineTool } from '@toolgate/core';
import { formatEther } from 'ethers';
import { z } from 'zod';
import { addressOrNameSchema } from '../address.ts';
import type { ChainToolDeps } from './deps.ts';
import { chainSelector, hexQuantity, withUpstreamErrors } from './upstream-failure.ts';

export const nativeBalanceOutput = z.object({
  address: z.string().describe('The address read (checksummed; an ENS name is resolved first)'),
  chain: z.string().describe('The chain read (its slug)'),
  balance: hexQuantity.describe('Balance in wei as a 0x hex quantity ("0x0" for none)'),
  amount: z.string().describe('Balance in whole coins as a decimal string (18 decimals), e.g. "1.5"'),
  symbol: z.string().nullable().describe('The native coin\'s symbol (ETH, POL, BNB, ...); null for an operator-added chain'),
  decimals: z.literal(18).describe('Decimals of the native coin (18 on every EVM chain the pack knows)'),
});

export function nativeBalanceTool(options: ChainToolDeps) {
  return defineTool({
    name: 'native_balance',
    title: 'Native coin balance',
    description: "Returns an address's balance of the chain's native coin (ETH on Ethereum, POL on Polygon, BNB on BSC, ...), read live: wei as hex and whole coins as a decimal string.",
    inputSchema: z.object({
      address: addressOrNameSchema('address'),
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
    }),
    outputSchema: nativeBalanceOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input, context) {
      const selected = options.chains.resolve(input.chain);
      return withUpstreamErrors(context, selected.slug, async () => {
        const address = await options.addresses.resolve(selected, input.address);
        const balance = await options.balances.nativeBalance(selected, address, context.signal);
        return { address, chain: selected.slug, balance: `0x${balance.toString(16)}`, amount: formatEther(balance), symbol: selected.nativeSymbol ?? null, decimals: 18 as const };
      });
    },
  });
}
