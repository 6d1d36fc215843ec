import { upstreamEnvShape } from '@toolgate/upstream';
import { z } from 'zod';
import type { ManifestEnvShape } from './manifest-env.ts';

export const DEFAULT_ALCHEMY_URL_TEMPLATE = 'https://{network}.g.alchemy.com/v2/{key}';
export const DEFAULT_ALCHEMY_NFT_URL_TEMPLATE = 'https://{network}.g.alchemy.com/nft/v3/{key}';
export const DEFAULT_ALCHEMY_PRICES_URL_TEMPLATE = 'https://api.g.alchemy.com/prices/v1/{key}';
export const DEFAULT_IPFS_GATEWAY = 'https://ipfs.io/ipfs/';

const httpUrl = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'an http(s) URL');

/** Unset and blank mean the same: no value. */
const optionalSecret = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().optional());

const rpcUrls = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value.trim() === '') return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON object mapping chain slug to JSON-RPC URL' });
      return z.NEVER;
    }
    const result = z.record(z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'a lower-case chain slug'), httpUrl).safeParse(parsed);
    if (!result.success) {
      for (const issue of result.error.issues) context.addIssue({ code: 'custom', message: `${issue.path.join('.') || 'value'}: ${issue.message}` });
      return z.NEVER;
    }
    return result.data;
  });

/** The chain pack's own variables: exactly those its manifest declares (package.json's toolgate.env; src/manifest-env.ts). */
const ownVariables = {
  ALCHEMY_API_KEY: optionalSecret,
  ALCHEMY_URL_TEMPLATE: httpUrl
    .refine((value) => value.includes('{network}') && value.includes('{key}'), 'must contain {network} and {key}')
    .default(DEFAULT_ALCHEMY_URL_TEMPLATE),
  // Alchemy's REST APIs (nfts_owned, token_prices); asset_transfers uses ALCHEMY_URL_TEMPLATE (JSON-RPC).
  ALCHEMY_NFT_URL_TEMPLATE: httpUrl
    .refine((value) => value.includes('{network}') && value.includes('{key}'), 'must contain {network} and {key}')
    .default(DEFAULT_ALCHEMY_NFT_URL_TEMPLATE),
  ALCHEMY_PRICES_URL_TEMPLATE: httpUrl.refine((value) => value.includes('{key}'), 'must contain {key}').default(DEFAULT_ALCHEMY_PRICES_URL_TEMPLATE),
  CHAIN_RPC_URLS: rpcUrls,
  /** ENS names one tool call resolves at once (each is two eth_calls on eth-mainnet, one after the other). */
  ENS_RESOLVE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  // nft_metadata's fetch of the JSON behind a token URI: off by default (an SSRF path; see README).
  NFT_METADATA_FETCH: z.stringbool().default(false),
  NFT_METADATA_IPFS_GATEWAY: httpUrl.default(DEFAULT_IPFS_GATEWAY),
} satisfies ManifestEnvShape;

// Per upstream attempt, and REDIS_URL (shared metadata cache): the same variables as every pack.
export const chainEnvSchema = z.object({ ...ownVariables, ...upstreamEnvShape });

export type ChainEnv = z.infer<typeof chainEnvSchema>;
