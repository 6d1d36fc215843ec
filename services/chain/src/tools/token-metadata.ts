import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { addressSchema } from '../address.ts';
import type { ChainRegistry } from '../chain-registry.ts';
import type { TokenService } from '../token-service.ts';
import { chainSelector, withUpstreamErrors } from './upstream-failure.ts';

export const tokenMetadataOutput = z.object({
  name: z.string().describe('Token name'),
  symbol: z.string().describe('Token symbol'),
  decimals: z.number().int().min(0).max(255).describe('Token decimal places'),
  // The spec types logo as a string; a URL is only given after it was seen to exist, so it may be null.
  logo: z.string().nullable().describe('Token logo URL, checked to exist; null when no logo is known'),
});

export function tokenMetadataTool(options: { chains: ChainRegistry; tokens: TokenService }) {
  return defineTool({
    name: 'token_metadata',
    title: 'ERC-20 token metadata',
    description:
      'Returns the name, symbol, decimals and logo URL of an ERC-20 token contract on an EVM chain. Old tokens that return bytes32 names (such as MKR) are read too. logo is null when no logo is known.',
    inputSchema: z.object({
      contract: addressSchema('contract'),
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
    }),
    outputSchema: tokenMetadataOutput,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    async handler({ contract, chain }, context) {
      const selected = options.chains.resolve(chain);
      return withUpstreamErrors(context, selected.slug, () => options.tokens.metadata(selected, contract));
    },
  });
}
