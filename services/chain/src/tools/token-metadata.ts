import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { addressOrNameSchema } from '../address.ts';
import type { ChainToolDeps } from './deps.ts';
import { chainSelector, withUpstreamErrors } from './upstream-failure.ts';

export const MAX_METADATA_CONTRACTS = 50;

export const tokenMetadataOutput = z.object({
  name: z.string().describe('Token name'),
  symbol: z.string().describe('Token symbol'),
  decimals: z.number().int().min(0).max(255).describe('Token decimal places'),
  // The spec types logo as a string; a URL is only given after it was seen to exist, so it may be null.
  logo: z.string().nullable().describe('Token logo URL, checked to exist; null when no logo is known'),
});

const contractItem = z.union([
  tokenMetadataOutput.extend({ contract: z.string().describe('The contract, checksummed') }),
  z.object({ contract: z.string(), error: z.string().describe('Why this contract has no token metadata (no contract at the address, or not an ERC-20)') }),
]);

const manyOutput = z.object({
  tokens: z.array(contractItem).describe('One entry per distinct contract, in the order given'),
  count: z.number().int().min(0).describe('Number of entries'),
});

/**
 * With `contract`, exactly the spec's result (section 2.2); with `contracts`, {tokens, count}.
 * MCP wants an object schema at the top: the union is declared as one, with both shapes as anyOf.
 */
const output = z.union([tokenMetadataOutput, manyOutput]).meta({ type: 'object' });

export function tokenMetadataTool(options: ChainToolDeps) {
  return defineTool({
    name: 'token_metadata',
    title: 'ERC-20 token metadata',
    description:
      `Returns the name, symbol, decimals and logo URL of an ERC-20 token contract on an EVM chain. Old tokens that return bytes32 names (such as MKR) are read too. logo is null when no logo is known. Give exactly one of contract or contracts. Pass contracts (up to ${MAX_METADATA_CONTRACTS}) instead of contract to get several in one call: the result is then {tokens, count}, one entry per contract with its metadata or an error.`,
    inputSchema: z
      .object({
        contract: addressOrNameSchema('contract').optional(),
        contracts: z.array(addressOrNameSchema('contract')).min(1).max(MAX_METADATA_CONTRACTS).optional().describe(`Several token contracts (1 to ${MAX_METADATA_CONTRACTS}) instead of contract`),
        chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
      })
      // Not a oneOf in the JSON schema: model providers refuse a combinator at the root (and with
      // it the whole request), so the rule is checked here and said in the description.
      .refine((input) => (input.contract === undefined) !== (input.contracts === undefined), {
        message: 'give exactly one of contract (one token) or contracts (a list of up to 50)',
      }),
    outputSchema: output,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    async handler({ contract, contracts, chain }, context) {
      const selected = options.chains.resolve(chain);
      return withUpstreamErrors(context, selected.slug, async () => {
        if (contract !== undefined) return options.tokens.metadata(selected, await options.addresses.resolve(selected, contract));
        const resolved = await options.addresses.resolveAll(selected, contracts!);
        const unique = [...new Set(resolved)];
        const tokens = await options.tokens.metadataMany(selected, unique, context.signal);
        return { tokens, count: tokens.length };
      });
    },
  });
}
