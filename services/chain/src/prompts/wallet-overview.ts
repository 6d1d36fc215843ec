import { completeFrom, definePrompt, userText } from '@toolgate/core';
import { z } from 'zod';
import { addressOrNameSchema } from '../address.ts';
import type { ChainRegistry } from '../chain-registry.ts';

/**
 * A wallet overview: which tools to call, in which order, for the coin, the tokens, the NFTs and
 * the recent transfers of one address, and how to present them. Written for this deployment:
 * without an Alchemy key the tools that need one are left out and the overview says so.
 */
export function walletOverviewPrompt(options: { chains: ChainRegistry; alchemy: boolean }) {
  const { chains, alchemy } = options;
  return definePrompt({
    name: 'wallet_overview',
    title: 'Wallet overview',
    description: 'An overview of one address on one chain: native balance, ERC-20 balances, NFTs and recent transfers, in that order, summarised for a person.',
    arguments: z.object({
      address: addressOrNameSchema('address').describe('The wallet: a 0x address, or an ENS name on Ethereum mainnet (vitalik.eth)'),
      chain: z.string().trim().max(64).optional().describe(`The chain (default eth-mainnet); completes from the ${chains.slugs.length} chains this deployment serves`),
    }),
    complete: { chain: completeFrom(() => chains.slugs) },
    async handler({ address, chain }) {
      const selected = chains.resolve(chain);
      const on = `on ${selected.name} (chain "${selected.slug}")`;
      const steps = alchemy
        ? [
            `native_balance with address "${address}" and chain "${selected.slug}": the ${selected.nativeSymbol ?? 'native coin'} balance.`,
            `token_balances with owner "${address}" (no contracts: Alchemy discovers the tokens held); keep tokens with a non-zero amount.`,
            `token_prices for the symbols found, to value the holdings in USD where a price exists.`,
            `nfts_owned with owner "${address}" (page_size 50): group by collection, count, name a few.`,
            `asset_transfers with address "${address}", direction "incoming" then "outgoing", max_count 20: the latest movements.`,
          ]
        : [
            `native_balance with address "${address}" and chain "${selected.slug}": the ${selected.nativeSymbol ?? 'native coin'} balance.`,
            `token_balances with owner "${address}" and the contracts of tokens the user cares about (without an Alchemy key the gateway cannot discover which tokens an address holds: ask the user, or use well-known tokens of ${selected.name}).`,
          ];
      const missing = alchemy ? '' : '\n\nThis gateway has no Alchemy key: NFTs owned, transfers and prices are not available here; say so in the overview rather than guessing them.';
      return {
        description: `Overview of ${address} ${on}`,
        messages: [
          userText(
            `Give me an overview of the wallet ${address} ${on}. Call, in order:\n${steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}${missing}\n\n` +
              'Then summarise for a person: what the wallet holds (amounts with symbols, largest first), what it collects, and what it did lately, with dates. Quote amounts as the tools give them; never invent a balance.',
          ),
        ],
      };
    },
  });
}
