import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { addressOrNameSchema } from '../address.ts';
import type { AlchemyData } from '../upstream/alchemy-data-client.ts';
import { mapPricesByAddress, mapPricesBySymbol } from '../upstream/alchemy-data-mappers.ts';
import type { ChainToolDeps } from './deps.ts';
import { chainSelector, withUpstreamErrors } from './upstream-failure.ts';

/** The Prices API takes at most 25 symbols or addresses per request. */
const MAX_TOKENS = 25;

export const tokenPricesOutput = z.object({
  tokens: z.array(
    z.object({
      symbol: z.string().nullable().describe('As asked, for a lookup by symbol'),
      contract: z.string().nullable().describe('As asked (checksummed), for a lookup by contract'),
      network: z.string().nullable().describe('The chain of the contract (Alchemy network name)'),
      prices: z.array(z.object({ currency: z.string(), value: z.string().describe('Decimal string'), lastUpdatedAt: z.string() })),
      error: z.string().nullable().describe('Alchemy\'s reason when it has no price for this one'),
    }),
  ),
  count: z.int(),
});

export function tokenPricesTool(options: ChainToolDeps & { alchemy: AlchemyData }) {
  return defineTool({
    name: 'token_prices',
    title: 'Token prices',
    description:
      'Current prices (USD) of tokens by symbol (ETH, BTC, USDC: CEX and DEX prices combined) or by contract address on a chain (DEX prices), from Alchemy\'s Prices API (needs ALCHEMY_API_KEY). Give exactly one of symbols or contracts.',
    inputSchema: z
      .object({
        symbols: z.array(z.string().trim().regex(/^[A-Za-z0-9.$_-]{1,20}$/, 'a token symbol such as ETH')).min(1).max(MAX_TOKENS).optional()
          .describe(`Token symbols, 1 to ${MAX_TOKENS}`),
        contracts: z.array(addressOrNameSchema('contract')).min(1).max(MAX_TOKENS).optional().describe(`Token contracts on chain, 1 to ${MAX_TOKENS}`),
        chain: z.string().max(64).optional().describe(`With contracts: ${chainSelector(options.chains.slugs)}`),
      })
      // Not a root oneOf in the JSON schema (LLM providers refuse those): checked here, said in the description.
      .refine((input) => (input.symbols === undefined) !== (input.contracts === undefined), { message: 'give exactly one of symbols or contracts' }),
    outputSchema: tokenPricesOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input, context) {
      const selected = options.chains.resolve(input.chain);
      if (input.symbols) {
        options.alchemy.requireKey('token_prices');
        const tokens = await withUpstreamErrors(context, 'prices', async () => mapPricesBySymbol(await options.alchemy.pricesBySymbol(input.symbols!)));
        return { tokens, count: tokens.length };
      }
      const network = options.alchemy.networkFor('token_prices', selected);
      return withUpstreamErrors(context, selected.slug, async () => {
        const contracts = await options.addresses.resolveAll(selected, input.contracts!);
        const tokens = mapPricesByAddress(await options.alchemy.pricesByAddress(contracts.map((address) => ({ network, address }))));
        return { tokens, count: tokens.length };
      });
    },
  });
}
