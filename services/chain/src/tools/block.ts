import { defineTool, ToolError } from '@toolgate/core';
import { z } from 'zod';
import { mapBlock } from '../upstream/evm-mappers.ts';
import { readBlock, type BlockSelector } from '../upstream/evm-reads.ts';
import type { ChainToolDeps } from './deps.ts';
import { feeSchema } from './chain-info.ts';
import { chainSelector, withUpstreamErrors } from './upstream-failure.ts';

const TAGS = ['latest', 'finalized', 'safe', 'earliest'] as const;
/** A hash names one block forever; a number may be reorganised near the head, so it is kept a minute only. */
const BY_HASH_TTL_MS = 86_400_000;
const BY_NUMBER_TTL_MS = 60_000;

const blockSelectorSchema = z
  .union([z.int().min(0), z.string().trim().max(66)])
  .default('latest')
  .transform((value, context): BlockSelector => {
    if (typeof value === 'number') return { kind: 'number', number: BigInt(value) };
    const lower = value.toLowerCase();
    if ((TAGS as readonly string[]).includes(lower)) return { kind: 'tag', tag: lower as (typeof TAGS)[number] };
    if (/^0x[0-9a-f]{64}$/.test(lower)) return { kind: 'hash', hash: lower };
    if (/^[0-9]{1,20}$/.test(lower)) return { kind: 'number', number: BigInt(lower) };
    if (/^0x[0-9a-f]{1,16}$/.test(lower)) return { kind: 'number', number: BigInt(lower) };
    context.addIssue({ code: 'custom', message: 'block must be a block number (decimal, or 0x hex), a 32-byte block hash (0x + 64 hex digits), or one of latest, finalized, safe, earliest' });
    return z.NEVER;
  })
  .describe('Which block: a number (12345 or "0x3039"), a block hash (0x + 64 hex digits), or "latest", "finalized", "safe", "earliest". Default latest.');

export const blockOutput = z.object({
  chain: z.string().describe('The chain read (its slug)'),
  number: z.int(),
  hash: z.string(),
  parentHash: z.string(),
  timestamp: z.int().describe('Unix seconds'),
  time: z.string().describe('ISO 8601, UTC'),
  gasUsed: z.string().describe('Decimal string'),
  gasLimit: z.string().describe('Decimal string'),
  baseFeePerGas: feeSchema.nullable().describe('EIP-1559 base fee; null before London or on chains without one'),
  transactionCount: z.int(),
  miner: z.string().nullable().describe('Fee recipient (checksummed)'),
});

const describeSelector = (selector: BlockSelector) =>
  selector.kind === 'hash' ? `with hash ${selector.hash}` : selector.kind === 'number' ? `number ${selector.number}` : `"${selector.tag}"`;

export function blockTool(options: ChainToolDeps) {
  const cache = options.sharedCache('block', blockOutput);
  return defineTool({
    name: 'block',
    title: 'Block',
    description: 'Returns one block\'s header facts: number, hash, time, parent, gas used and limit, base fee, transaction count and fee recipient, read live from the chain.',
    inputSchema: z.object({
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
      block: blockSelectorSchema,
    }),
    outputSchema: blockOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input, context) {
      const selected = options.chains.resolve(input.chain);
      const client = options.clients(selected);
      const selector = input.block;
      const load = async () => {
        const block = await withUpstreamErrors(context, selected.slug, () => readBlock(client.rpc, client.label, selector, context.signal));
        if (!block) throw new ToolError(`No block ${describeSelector(selector)} on ${selected.slug}: the node does not have it (not yet produced, or a hash from another chain).`);
        return { chain: selected.slug, ...mapBlock(block) };
      };
      // Tags move with the chain: never cached.
      if (selector.kind === 'tag') return load();
      const key = selector.kind === 'hash' ? `${selected.slug}:${selector.hash}` : `${selected.slug}:${selector.number}`;
      return cache.get(key, async () => ({ value: await load(), ttlMs: selector.kind === 'hash' ? BY_HASH_TTL_MS : BY_NUMBER_TTL_MS }));
    },
  });
}
