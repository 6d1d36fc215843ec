import { z } from 'zod';

/**
 * Minimal schemas of Alchemy's data APIs as recorded (test/fixtures/alchemy/, SOURCES.md):
 * NFT API v3 getNFTsForOwner, alchemy_getAssetTransfers, and the Prices API. Only what the
 * tools show is read; `.nullish()` marks what Alchemy leaves out or sets to null.
 */
export const ownedNftsResponse = z.object({
  ownedNfts: z.array(
    z.object({
      contract: z.object({ address: z.string(), name: z.string().nullish(), symbol: z.string().nullish(), isSpam: z.boolean().nullish() }),
      tokenId: z.string(),
      tokenType: z.string().nullish(),
      name: z.string().nullish(),
      description: z.string().nullish(),
      tokenUri: z.string().nullish(),
      image: z.object({ cachedUrl: z.string().nullish(), originalUrl: z.string().nullish() }).nullish(),
      collection: z.object({ name: z.string().nullish() }).nullish(),
      balance: z.string().nullish(),
    }),
  ),
  totalCount: z.number().int().nullish(),
  pageKey: z.string().nullish(),
});
export type OwnedNftsResponse = z.infer<typeof ownedNftsResponse>;

export const assetTransfersResult = z.object({
  transfers: z.array(
    z.object({
      blockNum: z.string(),
      uniqueId: z.string().nullish(),
      hash: z.string(),
      from: z.string(),
      to: z.string().nullish(),
      value: z.number().nullish(),
      erc721TokenId: z.string().nullish(),
      erc1155Metadata: z.array(z.object({ tokenId: z.string(), value: z.string() })).nullish(),
      tokenId: z.string().nullish(),
      asset: z.string().nullish(),
      category: z.string(),
      rawContract: z.object({ value: z.string().nullish(), address: z.string().nullish(), decimal: z.string().nullish() }),
      metadata: z.object({ blockTimestamp: z.string().nullish() }).nullish(),
    }),
  ),
  pageKey: z.string().nullish(),
});
export type AssetTransfersResult = z.infer<typeof assetTransfersResult>;

const price = z.object({ currency: z.string(), value: z.string(), lastUpdatedAt: z.string() });
export const pricesBySymbolResponse = z.object({
  data: z.array(z.object({ symbol: z.string(), prices: z.array(price), error: z.string().nullish() })),
});
export const pricesByAddressResponse = z.object({
  data: z.array(z.object({ network: z.string(), address: z.string(), prices: z.array(price), error: z.string().nullish() })),
});
export type PricesBySymbolResponse = z.infer<typeof pricesBySymbolResponse>;
export type PricesByAddressResponse = z.infer<typeof pricesByAddressResponse>;
