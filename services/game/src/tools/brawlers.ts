import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { BrawlifyApi } from '../upstream/brawlify-api.ts';
import { brawlerSchema } from './brawler-schema.ts';

export function brawlersTool(api: BrawlifyApi) {
  return defineTool({
    name: 'brawlers',
    title: 'Brawl Stars brawlers',
    description: 'Every Brawl Stars brawler (from Brawlify, no key needed): id, rarity, class, description, star powers and gadgets. Optionally filtered by name.',
    inputSchema: z.object({
      name: z.string().trim().min(1, 'name must not be empty').max(50, 'name must be at most 50 characters').optional().describe('Only brawlers whose name contains this, case ignored'),
    }),
    outputSchema: z.object({ count: z.number().int(), items: z.array(brawlerSchema) }),
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler({ name }) {
      const wanted = name?.toLowerCase();
      const items = (await api.brawlers()).filter((brawler) => wanted === undefined || brawler.name.toLowerCase().includes(wanted));
      return { count: items.length, items };
    },
  });
}
