import { z } from 'zod';
import { UpstreamError } from '@toolgate/upstream';
import { nodeFailure, type JsonRpc } from './json-rpc.ts';
import type { TokenFacts, TokenSource } from './token-source.ts';

/** alchemy_getTokenMetadata's result: a non-token has empty strings and null decimals; some tokens have null decimals. */
export const alchemyMetadataSchema = z.object({
  name: z.string().nullish(),
  symbol: z.string().nullish(),
  decimals: z.number().int().nullish(),
  logo: z.string().nullish(),
});

/** Alchemy's answer when it does not index the contract (recorded: alchemy-sdk-js issue 323). */
const INVALID_PARAMS = -32602;

/**
 * Maps Alchemy's metadata to the pack's facts, or undefined when Alchemy's answer is not
 * complete enough to trust (empty name or symbol, decimals null or out of range): the
 * caller then reads the contract itself.
 */
export function mapAlchemyMetadata(raw: z.infer<typeof alchemyMetadataSchema>): TokenFacts | undefined {
  const { name, symbol, decimals } = raw;
  if (!name || !symbol || decimals === null || decimals === undefined || decimals < 0 || decimals > 255) return undefined;
  return { name, symbol, decimals, logo: alchemyLogo(raw.logo) };
}

function alchemyLogo(logo: string | null | undefined): string | null {
  return logo && /^https:\/\//.test(logo) && URL.canParse(logo) ? logo : null;
}

/**
 * Alchemy's enhanced token API, which refuses alchemy_* methods inside JSON-RPC batches: one
 * plain alchemy_getTokenMetadata request per lookup (one round trip). When Alchemy does not
 * index the contract (-32602), or answers with empty or null facts (a non-token, or a token
 * whose decimals it lacks), the standard eth_call reads on the same endpoint decide, so that
 * nothing is called "not an ERC-20" on Alchemy's word alone. Allowances use the standard
 * reads too (eth_getCode + allowance() batch: one round trip, and the standard methods batch).
 * `url` holds the API key: errors are labelled "<chain> Alchemy", never with the URL.
 */
export function createAlchemyTokenSource(options: { rpc: JsonRpc; label: string; standard: TokenSource }): TokenSource {
  const { rpc, label, standard } = options;
  return {
    async readMetadata(contract, signal) {
      const outcome = await rpc.call({ method: 'alchemy_getTokenMetadata', params: [contract] }, signal);
      if (!outcome.ok) {
        if (outcome.code !== INVALID_PARAMS) throw nodeFailure(label, outcome);
        return standard.readMetadata(contract, signal);
      }
      const parsed = alchemyMetadataSchema.safeParse(outcome.result);
      if (!parsed.success) throw new UpstreamError(`alchemy_getTokenMetadata returned a malformed result`, { upstream: label, isRetryable: false });
      const facts = mapAlchemyMetadata(parsed.data);
      if (facts) return facts;
      const read = await standard.readMetadata(contract, signal);
      return { ...read, logo: alchemyLogo(parsed.data.logo) };
    },
    readAllowance: (contract, owner, spender, signal) => standard.readAllowance(contract, owner, spender, signal),
  };
}
