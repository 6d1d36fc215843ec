import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { addressSchema } from '../address.ts';
import type { ChainRegistry } from '../chain-registry.ts';
import type { TokenService } from '../token-service.ts';
import { chainSelector, withUpstreamErrors } from './upstream-failure.ts';

export const tokenAllowanceOutput = z.object({
  allowance: z
    .string()
    .regex(/^0x(0|[1-9a-f][0-9a-f]*)$/)
    .describe('Allowance in wei (the token\'s smallest unit) as a 0x-prefixed hex quantity; "0x0" for none'),
});

export function tokenAllowanceTool(options: { chains: ChainRegistry; tokens: TokenService }) {
  return defineTool({
    name: 'token_allowance',
    title: 'ERC-20 token allowance',
    description:
      'Returns how much of an ERC-20 token a spender may still transfer on behalf of an owner (allowance(owner, spender)), read live from the chain, as a 0x hex quantity of the smallest unit.',
    inputSchema: z.object({
      contract: addressSchema('contract'),
      owner: addressSchema('owner'),
      spender: addressSchema('spender'),
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
    }),
    outputSchema: tokenAllowanceOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler({ contract, owner, spender, chain }, context) {
      const selected = options.chains.resolve(chain);
      const allowance = await withUpstreamErrors(context, selected.slug, () =>
        options.tokens.allowance(selected, contract, owner, spender, context.signal),
      );
      return { allowance: `0x${allowance.toString(16)}` };
    },
  });
}
