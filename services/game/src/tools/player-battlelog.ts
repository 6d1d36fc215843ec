import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { OfficialApi } from '../upstream/official-api.ts';
import { requireOfficial, tagInput } from './inputs.ts';

const battlePlayer = z.object({
  tag: z.string(),
  name: z.string(),
  brawler: z
    .object({
      id: z.number().int(),
      name: z.string(),
      power: z.number().int().nullable().describe('null in friendly battles (the API sends -1)'),
      trophies: z.number().int().nullable().describe('null in friendly battles (the API sends -1)'),
    })
    .nullable(),
});

const outputSchema = z.object({
  count: z.number().int(),
  items: z.array(
    z.object({
      time: z.string().describe('When the battle ended, ISO 8601 UTC'),
      mode: z.string().describe('Official mode id, e.g. brawlBall'),
      map: z.string().nullable().describe('null when the API names no event (some ranked showdowns)'),
      eventId: z.number().int().nullable(),
      type: z.string().nullable().describe('ranked, soloRanked, friendly, …'),
      result: z.string().nullable().describe('victory, defeat or draw; null in showdowns (see rank)'),
      rank: z.number().int().nullable().describe('Finishing place in showdowns'),
      duration: z.number().int().nullable().describe('Seconds'),
      trophyChange: z.number().int().nullable(),
      starPlayer: battlePlayer.nullable(),
      teams: z.array(z.array(battlePlayer)).describe('Teams; in solo showdown each player is a team of one, in finishing order'),
    }),
  ),
});

export function playerBattlelogTool(api: OfficialApi | undefined) {
  return defineTool({
    name: 'player_battlelog',
    title: 'Brawl Stars battle log',
    description: "A Brawl Stars player's recent battles (up to 25, newest first): mode, map, result or rank, trophy change, star player and every team. Needs BRAWLSTARS_API_TOKEN.",
    inputSchema: z.object({ tag: tagInput('player') }),
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler({ tag }) {
      const items = await requireOfficial(api).battlelog(tag);
      return { count: items.length, items };
    },
  });
}
