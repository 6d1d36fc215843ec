import { ToolError, type Logger, type UpstreamObserver } from '@toolgate/core';
import { type BreakerOptions, createCoalescingCache, type HoldOptions, createSharedStore, createUpstreamClient, type ResponseCache, type RetryOptions, type UpstreamClient } from '@toolgate/upstream';
import { createHash } from 'node:crypto';
import { alchemyUrl, type SupportedChain } from '../chain-registry.ts';
import {
  assetTransfersResult, ownedNftsResponse, pricesByAddressResponse, pricesBySymbolResponse,
  type AssetTransfersResult, type OwnedNftsResponse, type PricesByAddressResponse, type PricesBySymbolResponse,
} from './alchemy-data-schemas.ts';
import type { HttpTransport } from './http-transport.ts';
import { createJsonRpc, nodeFailure } from './json-rpc.ts';
import { UpstreamError } from '@toolgate/upstream';

/** Holdings, transfers and prices move: a minute, like the pack's other live reads that are cached at all. */
const DATA_TTL_MS = 60_000;

export interface AlchemyDataOptions {
  apiKey: string | undefined;
  nftUrlTemplate: string;
  pricesUrlTemplate: string;
  /** The JSON-RPC template (ALCHEMY_URL_TEMPLATE): alchemy_getAssetTransfers is a JSON-RPC method. */
  rpcUrlTemplate: string;
  timeoutMs: number;
  cache: ResponseCache;
  secrets: string[];
  transport: HttpTransport;
  redact: (text: string) => string;
  retry?: RetryOptions;
  breaker?: BreakerOptions;
  hold?: HoldOptions;
  logger?: Logger;
  observer?: UpstreamObserver;
}

export interface TransferQuery {
  fromAddress?: string;
  toAddress?: string;
  category: string[];
  fromBlock: string;
  toBlock: string;
  maxCount: number;
  order: 'asc' | 'desc';
  pageKey?: string;
}

export interface AlchemyData {
  /** Alchemy's network name for the chain; a ToolError naming ALCHEMY_API_KEY when no key is set. */
  networkFor(tool: string, chain: SupportedChain): string;
  requireKey(tool: string): void;
  nftsForOwner(network: string, owner: string, page: { pageKey?: string; pageSize: number }): Promise<OwnedNftsResponse>;
  assetTransfers(chain: SupportedChain, network: string, query: TransferQuery, signal?: AbortSignal): Promise<AssetTransfersResult>;
  pricesBySymbol(symbols: string[]): Promise<PricesBySymbolResponse>;
  pricesByAddress(items: { network: string; address: string }[]): Promise<PricesByAddressResponse>;
}

const keyOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/**
 * Alchemy's NFT v3 and Prices REST APIs through @toolgate/upstream's client (timeout, retries,
 * breaker per base URL, GET answers cached a minute), and alchemy_getAssetTransfers over
 * JSON-RPC. The key sits in every URL: it is among the secrets redacted from errors and logs,
 * and cache keys are hashes of what was asked, never of a URL.
 */
export function createAlchemyData(options: AlchemyDataOptions): AlchemyData {
  const clients = new Map<string, UpstreamClient>();
  const clientFor = (name: string, baseUrl: string) => {
    let client = clients.get(baseUrl);
    if (!client) {
      client = createUpstreamClient({
        name, baseUrl, timeoutMs: options.timeoutMs, cache: options.cache, secrets: options.secrets,
        retry: options.retry, breaker: options.breaker, ...options.hold, logger: options.logger, observer: options.observer,
      });
      clients.set(baseUrl, client);
    }
    return client;
  };
  const key = () => options.apiKey!;
  const pricesClient = () => clientFor('Alchemy Prices API', options.pricesUrlTemplate.replaceAll('{key}', encodeURIComponent(key())));
  const transfersCache = createCoalescingCache(createSharedStore(options.cache, 'chain:alchemy-transfers:', assetTransfersResult), { name: 'chain:alchemy-transfers', observer: options.observer });
  const byAddressCache = createCoalescingCache(createSharedStore(options.cache, 'chain:alchemy-prices:', pricesByAddressResponse), { name: 'chain:alchemy-prices', observer: options.observer });

  const requireKey = (tool: string) => {
    if (!options.apiKey) {
      throw new ToolError(`${tool} reads Alchemy's data APIs, and this gateway has no Alchemy key: set ALCHEMY_API_KEY (a free key from dashboard.alchemy.com) to use it.`);
    }
  };

  return {
    requireKey,
    networkFor(tool, chain) {
      requireKey(tool);
      if (!chain.alchemyNetwork) throw new ToolError(`${tool} works on the chains Alchemy serves; ${chain.slug} is not one of them.`);
      return chain.alchemyNetwork;
    },

    nftsForOwner(network, owner, page) {
      const client = clientFor(`${network} Alchemy NFT API`, alchemyUrl(options.nftUrlTemplate, network, key()));
      const query = new URLSearchParams({ owner, withMetadata: 'true', pageSize: String(page.pageSize) });
      if (page.pageKey) query.set('pageKey', page.pageKey);
      return client.get({ path: `getNFTsForOwner?${query}`, schema: ownedNftsResponse, ttlMs: DATA_TTL_MS, operation: 'getNFTsForOwner' });
    },

    assetTransfers(chain, network, query, signal) {
      const label = `${chain.slug} Alchemy`;
      const rpc = createJsonRpc({ transport: options.transport, url: alchemyUrl(options.rpcUrlTemplate, network, key()), label, redact: options.redact });
      const params = {
        ...query, maxCount: `0x${query.maxCount.toString(16)}`, withMetadata: true, excludeZeroValue: true,
      };
      return transfersCache.get(`${network}:${keyOf(params)}`, async () => {
        // Sent alone: Alchemy refuses alchemy_* methods inside batches.
        const outcome = await rpc.call({ method: 'alchemy_getAssetTransfers', params: [params] }, signal);
        if (!outcome.ok) throw nodeFailure(label, outcome);
        const parsed = assetTransfersResult.safeParse(outcome.result);
        if (!parsed.success) throw new UpstreamError(`alchemy_getAssetTransfers answered in an unexpected shape`, { upstream: label, isRetryable: false });
        return { value: parsed.data, ttlMs: DATA_TTL_MS };
      });
    },

    pricesBySymbol(symbols) {
      const query = new URLSearchParams(symbols.map((symbol): [string, string] => ['symbols', symbol]));
      return pricesClient().get({ path: `tokens/by-symbol?${query}`, schema: pricesBySymbolResponse, ttlMs: DATA_TTL_MS, operation: 'tokens/by-symbol' });
    },

    pricesByAddress(items) {
      return byAddressCache.get(keyOf(items), async () => ({
        value: await pricesClient().postJson({ path: 'tokens/by-address', body: { addresses: items }, schema: pricesByAddressResponse, operation: 'tokens/by-address' }),
        ttlMs: DATA_TTL_MS,
      }));
    },
  };
}
