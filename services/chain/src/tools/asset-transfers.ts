import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { addressOrNameSchema } from '../address.ts';
import type { AlchemyData } from '../upstream/alchemy-data-client.ts';
import { mapAssetTransfers } from '../upstream/alchemy-data-mappers.ts';
import type { ChainToolDeps } from './deps.ts';
import { chainSelector, withUpstreamErrors } from './upstream-failure.ts';

/** Alchemy's categories; `internal` is served on Ethereum and Polygon mainnets only, so it is not in the default. */
const CATEGORIES = ['external', 'internal', 'erc20', 'erc721', 'erc1155', 'specialnft'] as const;
const DEFAULT_CATEGORIES = ['external', 'erc20', 'erc721', 'erc1155'];

const blockBound = z
  .union([z.int().min(0), z.string().trim().regex(/^(latest|[0-9]{1,20}|0x[0-9a-fA-F]{1,16})$/, 'a block number (decimal or 0x hex) or "latest"')])
  .transform((value) => (value === 'latest' ? value : `0x${BigInt(value).toString(16)}`));

export const assetTransfersOutput = z.object({
  address: z.string(),
  chain: z.string(),
  direction: z.enum(['outgoing', 'incoming']),
  transfers: z.array(
    z.object({
      blockNumber: z.int(),
      time: z.string().nullable().describe('The block\'s time (ISO 8601)'),
      hash: z.string(),
      from: z.string(),
      to: z.string().nullable(),
      category: z.string().describe('external, internal, erc20, erc721, erc1155 or specialnft'),
      asset: z.string().nullable().describe('ETH (or the chain\'s coin) or the token\'s symbol'),
      amount: z.string().nullable().describe('In whole units, as Alchemy computes it; null for NFTs'),
      rawAmount: z.string().nullable().describe('The exact integer amount in the smallest unit, as a decimal string'),
      decimals: z.int().nullable(),
      contract: z.string().nullable().describe('The token contract; null for the native coin'),
      tokenId: z.string().nullable().describe('NFT token id, decimal string'),
    }),
  ),
  nextPageKey: z.string().nullable().describe('Pass as page_key for the next page; null on the last page'),
});

export function assetTransfersTool(options: ChainToolDeps & { alchemy: AlchemyData }) {
  return defineTool({
    name: 'asset_transfers',
    title: 'Asset transfers',
    description:
      'Lists the transfers an address sent (outgoing) or received (incoming): native coin, ERC-20, ERC-721 and ERC-1155, newest first by default, from Alchemy\'s Transfers API (needs ALCHEMY_API_KEY). Paged: pass nextPageKey back as page_key.',
    inputSchema: z.object({
      address: addressOrNameSchema('address'),
      direction: z.enum(['outgoing', 'incoming']).default('outgoing').describe('outgoing: transfers from the address; incoming: transfers to it'),
      categories: z.array(z.enum(CATEGORIES)).min(1).max(CATEGORIES.length).optional()
        .describe(`Kinds of transfer (default ${DEFAULT_CATEGORIES.join(', ')}; internal is served on Ethereum and Polygon mainnets only)`),
      from_block: blockBound.optional().describe('First block, inclusive (default 0)'),
      to_block: blockBound.optional().describe('Last block, inclusive (default latest)'),
      order: z.enum(['desc', 'asc']).default('desc').describe('desc: newest first (default); asc: oldest first'),
      max_count: z.int().min(1).max(1000).default(100).describe('Transfers per page, 1 to 1000 (default 100)'),
      page_key: z.string().trim().min(1).max(1024).optional().describe('nextPageKey from the previous page'),
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
    }),
    outputSchema: assetTransfersOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input, context) {
      const selected = options.chains.resolve(input.chain);
      const network = options.alchemy.networkFor('asset_transfers', selected);
      return withUpstreamErrors(context, selected.slug, async () => {
        const address = await options.addresses.resolve(selected, input.address);
        const result = await options.alchemy.assetTransfers(selected, network, {
          ...(input.direction === 'outgoing' ? { fromAddress: address } : { toAddress: address }),
          category: input.categories ?? DEFAULT_CATEGORIES,
          fromBlock: input.from_block ?? '0x0',
          toBlock: input.to_block ?? 'latest',
          order: input.order,
          maxCount: input.max_count,
          ...(input.page_key ? { pageKey: input.page_key } : {}),
        }, context.signal);
        return { address, chain: selected.slug, direction: input.direction, ...mapAssetTransfers(result) };
      });
    },
  });
}
