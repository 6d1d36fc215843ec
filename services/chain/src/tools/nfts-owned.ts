import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { addressOrNameSchema } from '../address.ts';
import type { AlchemyData } from '../upstream/alchemy-data-client.ts';
import { mapOwnedNfts } from '../upstream/alchemy-data-mappers.ts';
import type { ChainToolDeps } from './deps.ts';
import { chainSelector, withUpstreamErrors } from './upstream-failure.ts';

export const nftsOwnedOutput = z.object({
  owner: z.string().describe('The owner read (checksummed; an ENS name is resolved first)'),
  chain: z.string(),
  totalCount: z.int().nullable().describe('How many NFTs the owner holds in all, as Alchemy counts them'),
  nfts: z.array(
    z.object({
      contract: z.string(),
      tokenId: z.string().describe('Decimal string'),
      tokenType: z.string().nullable().describe('ERC721 or ERC1155 (Alchemy\'s words)'),
      name: z.string().nullable(),
      collection: z.string().nullable(),
      balance: z.string().nullable().describe('How many of this token the owner holds (ERC-1155 may be more than 1)'),
      image: z.string().nullable().describe('Alchemy\'s cached image URL, or the original'),
      tokenUri: z.string().nullable(),
      isSpam: z.boolean().nullable().describe('Alchemy\'s spam classification of the contract'),
    }),
  ),
  nextPageKey: z.string().nullable().describe('Pass as page_key for the next page; null on the last page'),
});

export function nftsOwnedTool(options: ChainToolDeps & { alchemy: AlchemyData }) {
  return defineTool({
    name: 'nfts_owned',
    title: 'NFTs owned',
    description: 'Lists the NFTs (ERC-721 and ERC-1155) an address owns on a chain, with names, collections, images and balances, from Alchemy\'s NFT API (needs ALCHEMY_API_KEY). Paged: pass nextPageKey back as page_key.',
    inputSchema: z.object({
      owner: addressOrNameSchema('owner'),
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
      page_key: z.string().trim().min(1).max(1024).optional().describe('nextPageKey from the previous page'),
      page_size: z.int().min(1).max(100).default(50).describe('NFTs per page, 1 to 100 (default 50)'),
    }),
    outputSchema: nftsOwnedOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input, context) {
      const selected = options.chains.resolve(input.chain);
      const network = options.alchemy.networkFor('nfts_owned', selected);
      return withUpstreamErrors(context, selected.slug, async () => {
        const owner = await options.addresses.resolve(selected, input.owner);
        const page = await options.alchemy.nftsForOwner(network, owner, { pageKey: input.page_key, pageSize: input.page_size });
        return { owner, chain: selected.slug, ...mapOwnedNfts(page) };
      });
    },
  });
}
