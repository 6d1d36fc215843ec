import { getAddress } from 'ethers';
import type { AssetTransfersResult, OwnedNftsResponse, PricesByAddressResponse, PricesBySymbolResponse } from './alchemy-data-schemas.ts';

/** Pure mappings from Alchemy's data APIs to the tools' shapes: addresses checksummed, integers as decimal strings. */

const checksum = (address: string | null | undefined) => (address ? getAddress(address.toLowerCase()) : null);
const decimal = (hex: string | null | undefined) => (hex ? BigInt(hex).toString() : null);

export function mapOwnedNfts(response: OwnedNftsResponse) {
  return {
    totalCount: response.totalCount ?? null,
    nfts: response.ownedNfts.map((nft) => ({
      contract: checksum(nft.contract.address)!,
      tokenId: nft.tokenId,
      tokenType: nft.tokenType ?? null,
      name: nft.name ?? null,
      collection: nft.collection?.name ?? nft.contract.name ?? null,
      balance: nft.balance ?? null,
      image: nft.image?.cachedUrl ?? nft.image?.originalUrl ?? null,
      tokenUri: nft.tokenUri ?? null,
      isSpam: nft.contract.isSpam ?? null,
    })),
    nextPageKey: response.pageKey || null,
  };
}

export function mapAssetTransfers(result: AssetTransfersResult) {
  return {
    transfers: result.transfers.map((transfer) => ({
      blockNumber: Number(BigInt(transfer.blockNum)),
      time: transfer.metadata?.blockTimestamp ?? null,
      hash: transfer.hash,
      from: checksum(transfer.from)!,
      to: checksum(transfer.to),
      category: transfer.category,
      asset: transfer.asset ?? null,
      // Alchemy's `value` is a float (raw / 10^decimals); the raw integer is exact, so both are given.
      amount: transfer.value === null || transfer.value === undefined ? null : String(transfer.value),
      rawAmount: decimal(transfer.rawContract.value),
      decimals: transfer.rawContract.decimal ? Number(BigInt(transfer.rawContract.decimal)) : null,
      contract: checksum(transfer.rawContract.address),
      tokenId: decimal(transfer.tokenId ?? transfer.erc721TokenId ?? null),
    })),
    nextPageKey: result.pageKey || null,
  };
}

const mapPrices = (prices: PricesBySymbolResponse['data'][number]['prices']) => prices.map(({ currency, value, lastUpdatedAt }) => ({ currency, value, lastUpdatedAt }));

export function mapPricesBySymbol(response: PricesBySymbolResponse) {
  return response.data.map((item) => ({ symbol: item.symbol, contract: null, network: null, prices: mapPrices(item.prices), error: item.error ?? null }));
}

export function mapPricesByAddress(response: PricesByAddressResponse) {
  return response.data.map((item) => ({ symbol: null, contract: checksum(item.address), network: item.network, prices: mapPrices(item.prices), error: item.error ?? null }));
}
