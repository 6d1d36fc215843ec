import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { addressOrNameSchema } from '../address.ts';
import type { ChainToolDeps } from './deps.ts';
import { chainSelector, hexQuantity, withUpstreamErrors } from './upstream-failure.ts';

export const MAX_BALANCE_CONTRACTS = 100;

const balanceItem = z.object({
  contract: z.string().describe('Token contract, checksummed'),
  balance: hexQuantity.nullable().describe("Balance in the token's smallest unit as a 0x hex quantity (like token_allowance); null with error"),
  decimals: z.number().int().min(0).max(255).nullable().describe('Token decimals; null when the token does not say'),
  symbol: z.string().nullable().describe('Token symbol; null when the token does not say'),
  amount: z.string().nullable().describe('Balance in whole tokens as a decimal string ("12.5"); null without decimals'),
  error: z.string().optional().describe('Why there is no balance for this contract'),
});

export const tokenBalancesOutput = z.object({
  owner: z.string().describe('The owner read (checksummed; an ENS name is resolved first)'),
  chain: z.string().describe('The chain read (its slug)'),
  tokens: z.array(balanceItem).describe('One entry per distinct contract given, in order; without a list, the tokens Alchemy knows the owner holds (non-zero balances)'),
  count: z.number().int().min(0),
  complete: z.boolean().describe('false when the owner holds more tokens than Alchemy returns in one page (100): the list is cut'),
});

export function tokenBalancesTool(options: ChainToolDeps) {
  return defineTool({
    name: 'token_balances',
    title: 'ERC-20 token balances of an owner',
    description:
      `Returns an owner's balances of ERC-20 tokens on one chain, read live in one upstream request (Multicall3): for each token the raw balance (hex, smallest unit), decimals, symbol and the amount as a decimal string. Give contracts (up to ${MAX_BALANCE_CONTRACTS}); without them, the tokens the owner holds are discovered only where the pack uses Alchemy.`,
    inputSchema: z.object({
      owner: addressOrNameSchema('owner'),
      contracts: z
        .array(addressOrNameSchema('contract'))
        .min(1)
        .max(MAX_BALANCE_CONTRACTS)
        .optional()
        .describe(`Token contracts to read (1 to ${MAX_BALANCE_CONTRACTS}); omit to discover the owner's tokens (needs Alchemy)`),
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
    }),
    outputSchema: tokenBalancesOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input, context) {
      const selected = options.chains.resolve(input.chain);
      return withUpstreamErrors(context, selected.slug, async () => {
        const [owner, ...contracts] = await options.addresses.resolveAll(selected, [input.owner, ...(input.contracts ?? [])]);
        const list = input.contracts ? [...new Set(contracts)] : undefined;
        const { tokens, complete } = await options.balances.tokenBalances(selected, owner!, list, context.signal);
        return { owner: owner!, chain: selected.slug, tokens, count: tokens.length, complete };
      });
    },
  });
}
