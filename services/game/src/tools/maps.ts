import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { BrawlifyApi } from '../upstream/brawlify-api.ts';

const mapSchema = z.object({
  id: z.number().int().describe('Map id, the event id the rotation and battle logs use'),
  name: z.string(),
  mode: z.string().nullable().describe('Official mode id, e.g. gemGrab, gemGrab5V5'),
  modeName: z.string().nullable().describe('Mode display name, e.g. Gem Grab 5v5'),
  inRotationPool: z.boolean().describe("Whether the map is in the game's current map pool"),
  environment: z.string().nullable(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable().describe('Brawlify page'),
  bestBrawlers: z
    .array(z.object({ brawlerId: z.number().int(), winRate: z.number().nullable(), useRate: z.number().nullable() }))
    .optional()
    .describe('Only when asked by id: up to 10 brawlers with the best win rate on this map (percent), best first'),
});

export function mapsTool(api: BrawlifyApi) {
  return defineTool({
    name: 'maps',
    title: 'Brawl Stars maps',
    description:
      "Brawl Stars maps (from Brawlify, no key needed). With id: that one map and the brawlers that win most on it. Without: the maps in the game's current pool, optionally for one mode; all: true for every map ever made.",
    inputSchema: z.object({
      id: z.number().int('id must be a whole number').min(15000000, 'id must be a map id (15000000 and up)').max(15999999, 'id must be a map id (below 16000000)').optional().describe('One map by id, e.g. 15000007'),
      mode: z.string().trim().min(1).max(40).optional().describe('Only maps of this mode: an official id (gemGrab) or a name (Gem Grab), case ignored'),
      all: z.boolean().optional().describe('Include maps no longer in the pool (default false)'),
    }),
    outputSchema: z.object({ count: z.number().int(), items: z.array(mapSchema) }),
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler({ id, mode, all = false }) {
      if (id !== undefined) return { count: 1, items: [await api.map(id)] };
      const wanted = mode?.toLowerCase().replace(/[\s-]+/g, '');
      const items = (await api.maps()).filter(
        (map) => (all || map.inRotationPool) && (wanted === undefined || map.mode?.toLowerCase() === wanted || map.modeName?.toLowerCase().replace(/[\s-]+/g, '') === wanted),
      );
      return { count: items.length, items };
    },
  });
}
