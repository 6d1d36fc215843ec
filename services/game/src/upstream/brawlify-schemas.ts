import { z } from 'zod';
import { timeSchema } from './time.ts';

// Minimal schemas of Brawlify's keyless API (api.brawlify.com/v1, mirrored at api.brawlapi.com/v1).

/**
 * A game mode as `/events`, `/maps` and `/gamemodes` embed it. Recorded answers (2025) carry
 * `id, scId, name, hash` and no `scHash` in events and maps; some modes (the 5v5 ones) have no `id`.
 */
export const brawlifyGameModeSchema = z.object({
  id: z.number().nullish(),
  scId: z.number().nullish(),
  name: z.string().nullish(),
  hash: z.string().nullish(),
  scHash: z.string().nullish(),
});

const mapSchema = z.object({
  id: z.number(),
  name: z.string().nullish(),
  hash: z.string().nullish(),
  disabled: z.boolean().nullish(),
  link: z.string().nullish(),
  imageUrl: z.string().nullish(),
  credit: z.string().nullish(),
  environment: z.object({ name: z.string().nullish() }).nullish(),
  gameMode: brawlifyGameModeSchema.nullish(),
});

/** `GET /events`: `{active, upcoming}`; only the active slots are the current rotation. */
export const brawlifyEventsSchema = z.object({
  active: z.array(z.object({ startTime: timeSchema, endTime: timeSchema, map: mapSchema })),
});

/** `GET /maps`: every map Brawlify knows; `disabled: false` marks the ones in the game's current pool. */
export const brawlifyMapsSchema = z.object({ list: z.array(mapSchema) });

/** `GET /maps/{id}`: one map with per-brawler win and use rates. */
export const brawlifyMapSchema = mapSchema.extend({
  stats: z.array(z.object({ brawler: z.number(), winRate: z.number().nullish(), useRate: z.number().nullish() })).nullish(),
});

const accessory = z.object({ id: z.number(), name: z.string(), description: z.string().nullish() });

/** `GET /brawlers/{id}`, and each element of `GET /brawlers`. */
export const brawlifyBrawlerSchema = z.object({
  id: z.number(),
  name: z.string(),
  released: z.boolean().nullish(),
  link: z.string().nullish(),
  imageUrl: z.string().nullish(),
  class: z.object({ id: z.number().nullish(), name: z.string().nullish() }).nullish(),
  rarity: z.object({ name: z.string().nullish() }).nullish(),
  description: z.string().nullish(),
  starPowers: z.array(accessory).nullish(),
  gadgets: z.array(accessory).nullish(),
});

export const brawlifyBrawlersSchema = z.object({ list: z.array(brawlifyBrawlerSchema) });

/** `GET /gamemodes`. */
export const brawlifyGameModesSchema = z.object({
  list: z.array(
    brawlifyGameModeSchema.extend({
      disabled: z.boolean().nullish(),
      title: z.string().nullish(),
      shortDescription: z.string().nullish(),
      description: z.string().nullish(),
      color: z.string().nullish(),
      link: z.string().nullish(),
      imageUrl: z.string().nullish(),
    }),
  ),
});

export type BrawlifyGameMode = z.infer<typeof brawlifyGameModeSchema>;
export type BrawlifyEvents = z.infer<typeof brawlifyEventsSchema>;
export type BrawlifyMaps = z.infer<typeof brawlifyMapsSchema>;
export type BrawlifyMap = z.infer<typeof brawlifyMapSchema>;
export type BrawlifyBrawler = z.infer<typeof brawlifyBrawlerSchema>;
export type BrawlifyGameModes = z.infer<typeof brawlifyGameModesSchema>;
