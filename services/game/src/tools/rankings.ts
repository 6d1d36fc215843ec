import { z } from 'zod';
import { defineTool, ToolError } from '@toolgate/core';
import type { OfficialApi } from '../upstream/official-api.ts';
import { requireOfficial } from './inputs.ts';

const inputSchema = z.object({
  kind: z.enum(['players', 'clubs', 'brawlers']).describe("What is ranked: players by trophies, clubs by trophies, or players by one brawler's trophies"),
  country: z
    .string()
    .trim()
    .regex(/^(global|[A-Za-z]{2})$/i, 'country must be "global" or a two-letter ISO 3166-1 country code such as US or FR')
    .optional()
    .describe('"global" (default) or a two-letter country code, e.g. US, FR, BR'),
  brawler_id: z
    .number()
    .int('brawler_id must be a whole number')
    .min(16000000, 'brawler_id must be a brawler id (16000000 and up; see the brawlers tool)')
    .max(16999999, 'brawler_id must be a brawler id (below 17000000; see the brawlers tool)')
    .optional()
    .describe('Required for kind "brawlers": the brawler id, e.g. 16000000 for Shelly (see the brawlers tool)'),
  limit: z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').optional().describe('How many entries, 1 to 200 (default 50)'),
});

const outputSchema = z.object({
  kind: z.enum(['players', 'clubs', 'brawlers']),
  country: z.string().describe('"global" or the country code asked for'),
  brawlerId: z.number().int().nullable(),
  count: z.number().int(),
  items: z.array(
    z.object({
      rank: z.number().int(),
      tag: z.string(),
      name: z.string(),
      trophies: z.number().int(),
      club: z.string().nullable().describe("For players: their club's name (the API gives no club tag here), null when none"),
      memberCount: z.number().int().nullable().describe('For clubs: how many members'),
    }),
  ),
});

export function rankingsTool(api: OfficialApi | undefined) {
  return defineTool({
    name: 'rankings',
    title: 'Brawl Stars rankings',
    description: "Brawl Stars leaderboards, global or for one country: the top players, the top clubs, or the top players of one brawler. Needs BRAWLSTARS_API_TOKEN.",
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler({ kind, country = 'global', brawler_id, limit = 50 }) {
      if (kind === 'brawlers' && brawler_id === undefined) throw new ToolError('brawler_id is required when kind is "brawlers" (see the brawlers tool for ids)');
      if (kind !== 'brawlers' && brawler_id !== undefined) throw new ToolError('brawler_id only applies when kind is "brawlers"');
      const code = country.toLowerCase() === 'global' ? 'global' : country.toUpperCase();
      const items = await requireOfficial(api).rankings(kind, code, limit, brawler_id);
      return { kind, country: code, brawlerId: brawler_id ?? null, count: items.length, items };
    },
  });
}
