import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { addressOrNameSchema } from '../address.ts';
import type { MetadataFetcher } from '../upstream/metadata-fetch.ts';
import { readNft } from '../upstream/nft-reads.ts';
import type { ChainToolDeps } from './deps.ts';
import { chainSelector, withUpstreamErrors } from './upstream-failure.ts';

/** Owners change with every sale: a minute. */
const NFT_TTL_MS = 60_000;

export const nftMetadataOutput = z.object({
  chain: z.string().describe('The chain read (its slug)'),
  contract: z.string().describe('The NFT contract (checksummed)'),
  tokenId: z.string().describe('The token id, as a decimal string'),
  standard: z.enum(['ERC-721', 'ERC-1155']).describe('As the contract declares through ERC-165'),
  name: z.string().nullable().describe('The collection\'s name(), when it has one'),
  symbol: z.string().nullable(),
  owner: z.string().nullable().describe('ERC-721: the owner (checksummed); ERC-1155 tokens have balances instead, so null'),
  tokenUri: z.string().nullable().describe('tokenURI (ERC-721) or uri with {id} filled in (ERC-1155); null when the contract has none'),
  metadata: z.record(z.string(), z.unknown()).nullable().describe('The JSON behind the URI (name, description, image, attributes...), when it was read'),
  metadataError: z.string().nullable().describe('Why metadata is null: fetching is off on this gateway, the URI is not https or ipfs://, or the fetch failed'),
});

export function nftMetadataTool(options: ChainToolDeps & { metadata: MetadataFetcher }) {
  const cache = options.sharedCache('nft', nftMetadataOutput);
  return defineTool({
    name: 'nft_metadata',
    title: 'NFT metadata',
    description:
      'Returns an NFT\'s facts from its contract: ERC-721 or ERC-1155 (told apart by ERC-165), the collection name, the owner (ERC-721) and the token URI; and, where this gateway allows it, the metadata JSON behind the URI.',
    inputSchema: z.object({
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
      contract: addressOrNameSchema('contract'),
      token_id: z
        .union([z.int().min(0), z.string().trim().regex(/^(?:[0-9]{1,78}|0x[0-9a-fA-F]{1,64})$/, 'token_id must be a decimal or 0x hex integer')])
        .transform((value) => BigInt(value))
        .refine((value) => value < 2n ** 256n, 'token_id must fit in uint256')
        .describe('Token id: a decimal string (or number), or 0x hex'),
    }),
    outputSchema: nftMetadataOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input, context) {
      const selected = options.chains.resolve(input.chain);
      const client = options.clients(selected);
      return withUpstreamErrors(context, selected.slug, async () => {
        const contract = await options.addresses.resolve(selected, input.contract);
        return cache.get(`${selected.slug}:${contract}:${input.token_id}`, async () => {
          const facts = await readNft(client.rpc, client.label, selected.slug, contract, input.token_id, context.signal);
          const answer = facts.tokenUri === null
            ? { metadata: null, error: 'the contract has no URI for this token' }
            : await options.metadata.fetch(facts.tokenUri, context.signal);
          const value = { chain: selected.slug, contract, tokenId: input.token_id.toString(), ...facts, metadata: answer.metadata, metadataError: answer.error };
          return { value, ttlMs: NFT_TTL_MS };
        });
      });
    },
  });
}
