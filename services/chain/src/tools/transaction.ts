import { defineTool, ToolError } from '@toolgate/core';
import { z } from 'zod';
import { mapTransaction } from '../upstream/evm-mappers.ts';
import { readTransaction } from '../upstream/evm-reads.ts';
import type { ChainToolDeps } from './deps.ts';
import { chainSelector, withUpstreamErrors } from './upstream-failure.ts';

/** A mined transaction is kept a minute (a block near the head may still be reorganised); a pending one never. */
const MINED_TTL_MS = 60_000;

export const transactionOutput = z.object({
  chain: z.string().describe('The chain read (its slug)'),
  hash: z.string(),
  status: z
    .enum(['success', 'reverted', 'pending', 'unknown-outcome'])
    .describe('success or reverted (from the receipt); pending: known to the node but not yet in a block; unknown-outcome: mined before Byzantium (no status in the receipt)'),
  blockNumber: z.int().nullable().describe('null while pending'),
  from: z.string(),
  to: z.string().nullable().describe('null for a contract creation'),
  value: z.string().describe('Wei sent, as a decimal string'),
  valueEther: z.string().describe('The same in whole coins (18 decimals)'),
  nonce: z.int(),
  gasLimit: z.string().describe('Decimal string'),
  gasUsed: z.string().nullable().describe('Decimal string; null while pending'),
  effectiveGasPrice: z.string().nullable().describe('Wei per gas actually paid, decimal string; null while pending'),
  contractCreated: z.string().nullable().describe('The address of the contract the transaction created, if any'),
  logCount: z.int().nullable().describe('Events emitted; null while pending'),
});

export function transactionTool(options: ChainToolDeps) {
  const cache = options.sharedCache('tx', transactionOutput);
  return defineTool({
    name: 'transaction',
    title: 'Transaction and receipt',
    description:
      'Returns a transaction and its receipt by hash: from, to, value, status (success, reverted or pending), gas used, the contract it created and how many events it emitted. A hash the node does not know is an error saying so.',
    inputSchema: z.object({
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
      hash: z
        .string()
        .trim()
        .regex(/^0x[0-9a-fA-F]{64}$/, 'hash must be a transaction hash: 0x followed by 64 hex digits')
        .transform((value) => value.toLowerCase())
        .describe('Transaction hash: 0x followed by 64 hex digits'),
    }),
    outputSchema: transactionOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input, context) {
      const selected = options.chains.resolve(input.chain);
      const client = options.clients(selected);
      return cache.get(`${selected.slug}:${input.hash}`, async () => {
        const { transaction, receipt } = await withUpstreamErrors(context, selected.slug, () => readTransaction(client.rpc, client.label, input.hash, context.signal));
        if (!transaction) {
          throw new ToolError(`Unknown transaction ${input.hash} on ${selected.slug}: the node has no such transaction (never sent, dropped from the mempool, or sent on another chain).`);
        }
        const value = { chain: selected.slug, ...mapTransaction(transaction, receipt) };
        return { value, ttlMs: value.status === 'pending' ? 0 : MINED_TTL_MS };
      });
    },
  });
}
