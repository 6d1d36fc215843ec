import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { OfficialApi } from '../upstream/official-api.ts';
import { requireOfficial, tagInput } from './inputs.ts';
import { playerShape } from './player-shape.ts';

const accessory = z.object({ id: z.number().int(), name: z.string() });

const outputSchema = z.object({
  ...playerShape,
  trophies: z.number().int(),
  highestTrophies: z.number().int().nullable(),
  expLevel: z.number().int().nullable(),
  victories: z.object({ threeVsThree: z.number().int().nullable(), solo: z.number().int().nullable(), duo: z.number().int().nullable() }),
  club: z.object({ tag: z.string(), name: z.string() }).nullable().describe('The club the player is in, null when none'),
  brawlerCount: z.number().int(),
  brawlers: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        power: z.number().int().nullable(),
        rank: z.number().int().nullable(),
        trophies: z.number().int().nullable(),
        highestTrophies: z.number().int().nullable(),
        gears: z.array(accessory.extend({ level: z.number().int().nullable() })),
        starPowers: z.array(accessory),
        gadgets: z.array(accessory),
      }),
    )
    .describe('Brawlers the player owns, most trophies first'),
});

export function playerTool(api: OfficialApi | undefined) {
  return defineTool({
    name: 'player',
    title: 'Brawl Stars player profile',
    description: "A Brawl Stars player's profile by tag: trophies, level, victories, club and every brawler owned with power, rank, gears, star powers and gadgets. Needs BRAWLSTARS_API_TOKEN.",
    inputSchema: z.object({ tag: tagInput('player') }),
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler({ tag }) {
      return requireOfficial(api).player(tag);
    },
  });
}
