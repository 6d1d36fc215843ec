import { z } from 'zod';
import { UpstreamError } from './upstream-error.ts';
import type { HttpTransport } from './http-transport.ts';
import { isContractRefusal, sendBatch, type RpcOutcome } from './json-rpc-batch.ts';
import { hasCode, noContract, notErc20, type TokenFacts, type TokenSource } from './token-source.ts';

/** alchemy_getTokenMetadata's result: every field may be null for a non-token. */
export const alchemyMetadataSchema = z.object({
  name: z.string().nullish(),
  symbol: z.string().nullish(),
  decimals: z.number().int().nullish(),
  logo: z.string().nullish(),
});

/** alchemy_getTokenAllowance's result: the allowance as a decimal string ("0"); hex accepted too. */
const alchemyAllowanceSchema = z.union([z.string().regex(/^(0x[0-9a-fA-F]+|[0-9]+)$/), z.number().int().nonnegative()]);

/** Maps Alchemy's metadata to the pack's facts; undefined fields name what is missing. */
export function mapAlchemyMetadata(raw: z.infer<typeof alchemyMetadataSchema>): { facts?: TokenFacts; missing: string[] } {
  const missing: string[] = [];
  if (raw.name === null || raw.name === undefined) missing.push('name()');
  if (raw.symbol === null || raw.symbol === undefined) missing.push('symbol()');
  if (raw.decimals === null || raw.decimals === undefined || raw.decimals < 0 || raw.decimals > 255) missing.push('decimals()');
  if (missing.length > 0) return { missing };
  const logo = raw.logo && /^https:\/\//.test(raw.logo) && URL.canParse(raw.logo) ? raw.logo : null;
  return { facts: { name: raw.name!, symbol: raw.symbol!, decimals: raw.decimals!, logo }, missing };
}

/**
 * Alchemy's enhanced token API. Each read is one JSON-RPC batch with eth_getCode beside
 * the enhanced method, so an address without code gets the same clear answer as on RPC.
 * `url` holds the API key: errors are labelled "<chain> Alchemy", never with the URL.
 */
export function createAlchemyTokenSource(options: { transport: HttpTransport; url: string; chain: string }): TokenSource {
  const { transport, url, chain } = options;
  const label = `${chain} Alchemy`;
  const batch = async (calls: { method: string; params: unknown[] }[], signal?: AbortSignal) => {
    try {
      return await sendBatch(transport, url, calls, signal);
    } catch (error) {
      throw error instanceof UpstreamError ? error.labelled(label) : error;
    }
  };
  const requireCode = (outcome: RpcOutcome | undefined, contract: string) => {
    if (!outcome?.ok) throw new UpstreamError(`${label}: eth_getCode failed`, { failure: 'rpc' });
    if (!hasCode(outcome.result)) throw noContract(contract, chain);
  };
  const resultOf = (outcome: RpcOutcome, method: string) => {
    if (outcome.ok) return outcome.result;
    if (isContractRefusal(outcome)) return undefined;
    throw new UpstreamError(`${label}: ${method} failed: node error ${outcome.code}: ${outcome.message}`, { failure: 'rpc' });
  };

  return {
    async readMetadata(contract, signal) {
      const [code, metadata] = await batch(
        [
          { method: 'eth_getCode', params: [contract, 'latest'] },
          { method: 'alchemy_getTokenMetadata', params: [contract] },
        ],
        signal,
      );
      requireCode(code, contract);
      const raw = resultOf(metadata!, 'alchemy_getTokenMetadata');
      if (raw === undefined) throw notErc20(contract, chain, 'Alchemy has no token metadata for it');
      const parsed = alchemyMetadataSchema.safeParse(raw);
      if (!parsed.success) throw new UpstreamError(`${label}: alchemy_getTokenMetadata returned a malformed result`, { failure: 'malformed' });
      const { facts, missing } = mapAlchemyMetadata(parsed.data);
      if (!facts) throw notErc20(contract, chain, `it does not answer ${missing.join(', ')}`);
      return facts;
    },

    async readAllowance(contract, owner, spender, signal) {
      const [code, allowance] = await batch(
        [
          { method: 'eth_getCode', params: [contract, 'latest'] },
          { method: 'alchemy_getTokenAllowance', params: [{ contract, owner, spender }] },
        ],
        signal,
      );
      requireCode(code, contract);
      const raw = resultOf(allowance!, 'alchemy_getTokenAllowance');
      if (raw === undefined) throw notErc20(contract, chain, 'it does not answer allowance(owner, spender)');
      const parsed = alchemyAllowanceSchema.safeParse(raw);
      if (!parsed.success) throw new UpstreamError(`${label}: alchemy_getTokenAllowance returned a malformed result`, { failure: 'malformed' });
      return BigInt(parsed.data);
    },
  };
}
