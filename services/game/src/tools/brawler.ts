import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { BrawlifyApi } from '../upstream/brawlify-api.ts';
import { brawlerIdInput, brawlerSchema } from './brawler-schema.ts';

export function brawlerTool(api: BrawlifyApi) {
  return defineTool({
    name: 'brawler',
    title: 'Brawl Stars brawler',
    description: 'One Brawl Stars brawler by id (from Brawlify, no key needed): rarity, class, description, star powers and gadgets with what they do.',
    inputSchema: z.object({ id: brawlerIdInput.describe('Brawler id, e.g. 16000000 for Shelly (see the brawlers tool)') }),
    outputSchema: brawlerSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler({ id }) {
      return api.brawler(id);
    },
  });
}
