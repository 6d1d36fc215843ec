import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { addressOrNameSchema } from '../address.ts';
import type { ChainToolDeps } from './deps.ts';
import { chainSelector, hexQuantity, withUpstreamErrors } from './upstream-failure.ts';

export const tokenAllowanceOutput = z.object({
  allowance: hexQuantity.describe('Allowance in wei (the token\'s smallest unit) as a 0x-prefixed hex quantity; "0x0" for none'),
});

export function tokenAllowanceTool(options: ChainToolDeps) {
  return defineTool({
    name: 'token_allowance',
    title: 'ERC-20 token allowance',
    description:
      'Returns how much of an ERC-20 token a spender may still transfer on behalf of an owner (allowance(owner, spender)), read live from the chain, as a 0x hex quantity of the smallest unit.',
    inputSchema: z.object({
      contract: addressOrNameSchema('contract'),
      owner: addressOrNameSchema('owner'),
      spender: addressOrNameSchema('spender'),
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
    }),
    outputSchema: tokenAllowanceOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input, context) {
      const selected = options.chains.resolve(input.chain);
      const allowance = await withUpstreamErrors(context, selected.slug, async () => {
        const [contract, owner, spender] = await options.addresses.resolveAll(selected, [input.contract, input.owner, input.spender]);
        return options.tokens.allowance(selected, contract!, owner!, spender!, context.signal);
      });
      return { allowance: `0x${allowance.toString(16)}` };
    },
  });
}
