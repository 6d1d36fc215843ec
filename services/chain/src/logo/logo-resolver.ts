import type { CoalescingCache } from '@toolgate/upstream';
import type { HttpTransport } from '../upstream/http-transport.ts';

export const TRUST_WALLET_ASSETS_URL = 'https://raw.githubusercontent.com/trustwallet/assets/master';

export interface LogoAnswer {
  url: string | null;
  definitive: boolean;
}

export interface LogoResolver {
  /**
   * A logo URL that answered a HEAD request with 2xx, or null. `definitive` is false when
   * the check itself failed (timeout, 5xx): the caller should not keep a null for long.
   */
  find(trustWalletFolder: string | undefined, checksumAddress: string): Promise<LogoAnswer>;
}

const DAY_MS = 86_400_000;

/**
 * Logos from Trust Wallet's asset repository, keyed by checksummed address. A URL is
 * returned only after it was seen to exist; answers (found or not) are cached for a day.
 */
export function createTrustWalletLogos(options: {
  transport: HttpTransport;
  cache: CoalescingCache<LogoAnswer>;
  baseUrl?: string;
}): LogoResolver {
  const base = (options.baseUrl ?? TRUST_WALLET_ASSETS_URL).replace(/\/+$/, '');
  return {
    async find(folder, address) {
      if (!folder) return { url: null, definitive: true };
      // Both parts come from the chain table and a validated address, never from raw input.
      const url = `${base}/blockchains/${folder}/assets/${address}/logo.png`;
      return options.cache.get(url, async () => {
        try {
          const status = await options.transport.head(url, {});
          if (status >= 200 && status < 300) return { value: { url, definitive: true }, ttlMs: DAY_MS };
          // Only "not there" is an answer worth keeping; a 5xx or 429 says nothing about the logo.
          const definitive = status === 404 || status === 410;
          return { value: { url: null, definitive }, ttlMs: definitive ? DAY_MS : 0 };
        } catch {
          return { value: { url: null, definitive: false }, ttlMs: 0 };
        }
      });
    },
  };
}
