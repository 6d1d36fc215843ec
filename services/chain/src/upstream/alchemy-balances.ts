import { z } from 'zod';
import { nodeFailure, type JsonRpc } from './json-rpc.ts';
import { UpstreamError } from '@toolgate/upstream';

/** alchemy_getTokenBalances' result (Alchemy docs): one of tokenBalance and error is null per entry. */
const alchemyBalancesSchema = z.object({
  tokenBalances: z.array(
    z.object({
      contractAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
      tokenBalance: z.string().regex(/^0x[0-9a-fA-F]*$/).nullish(),
      error: z.unknown().optional(),
    }),
  ),
  pageKey: z.string().nullish(),
});

/** Maps Alchemy's entries to contracts and balances, skipping entries whose balance Alchemy could not read. */
export function mapAlchemyBalances(raw: z.infer<typeof alchemyBalancesSchema>): { balances: { contract: string; balance: bigint }[]; complete: boolean } {
  const balances = raw.tokenBalances.flatMap((entry) =>
    entry.tokenBalance ? [{ contract: entry.contractAddress, balance: entry.tokenBalance === '0x' ? 0n : BigInt(entry.tokenBalance) }] : [],
  );
  return { balances, complete: !raw.pageKey };
}

/**
 * The ERC-20 tokens Alchemy knows the owner has held (its first page: up to 100), with their
 * raw balances. Sent alone: Alchemy refuses alchemy_* methods inside batches.
 */
export async function fetchAlchemyTokenBalances(rpc: JsonRpc, label: string, owner: string, signal?: AbortSignal) {
  const outcome = await rpc.call({ method: 'alchemy_getTokenBalances', params: [owner, 'erc20'] }, signal);
  if (!outcome.ok) throw nodeFailure(label, outcome);
  const parsed = alchemyBalancesSchema.safeParse(outcome.result);
  if (!parsed.success) throw new UpstreamError(`alchemy_getTokenBalances returned a malformed result`, { upstream: label, isRetryable: false });
  return mapAlchemyBalances(parsed.data);
}
