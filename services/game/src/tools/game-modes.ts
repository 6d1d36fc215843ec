import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { BrawlifyApi } from '../upstream/brawlify-api.ts';

const modeSchema = z.object({
  id: z.string().describe('Official mode id, as events_rotation and battle logs give it (gemGrab, gemGrab5V5)'),
  name: z.string(),
  scId: z.number().int().nullable().describe("Supercell's numeric mode id"),
  title: z.string().nullable().describe('e.g. 3 vs 3, Sole Survivor'),
  shortDescription: z.string().nullable(),
  active: z.boolean().describe('false for modes Brawlify marks disabled (retired or not currently in the game)'),
  color: z.string().nullable(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable().describe('Brawlify page'),
});

export function gameModesTool(api: BrawlifyApi) {
  return defineTool({
    name: 'game_modes',
    title: 'Brawl Stars game modes',
    description: 'Every Brawl Stars game mode (from Brawlify, no key needed) with its official id, team format and a one-line description.',
    inputSchema: z.object({ active_only: z.boolean().optional().describe('Only modes currently in the game (default false)') }),
    outputSchema: z.object({ count: z.number().int(), items: z.array(modeSchema) }),
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler({ active_only = false }) {
      const items = (await api.gameModes()).filter((mode) => !active_only || mode.active);
      return { count: items.length, items };
    },
  });
}
