import { ToolError } from '@toolgate/core';
import { UpstreamError } from '@toolgate/upstream';
import {
  brawlifyBrawlerSchema, brawlifyBrawlersSchema, brawlifyEventsSchema, brawlifyGameModesSchema, brawlifyMapSchema, brawlifyMapsSchema,
} from './brawlify-schemas.ts';
import type { HostFallback } from './host-fallback.ts';
import { mapBrawler, mapGameModes, mapMap, type BrawlerInfo, type GameModeInfo, type MapInfo } from './map-brawlify.ts';
import { mapBrawlifyEvents, rotationTtlMs, type RotationEvent } from './map-rotation.ts';

const HOUR = 60 * 60_000;
/** Brawlers, maps and modes change with game updates (weeks apart); a map's stats daily. */
export const BRAWLIFY_TTL = { static: 24 * HOUR, mapStats: HOUR } as const;

export interface BrawlifyApi {
  rotation(): Promise<RotationEvent[]>;
  brawlers(): Promise<BrawlerInfo[]>;
  brawler(id: number): Promise<BrawlerInfo>;
  maps(): Promise<MapInfo[]>;
  map(id: number): Promise<MapInfo>;
  gameModes(): Promise<GameModeInfo[]>;
}

async function orNotFound<T>(request: Promise<T>, what: string): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof UpstreamError && error.statusCode === 404) throw new ToolError(`Brawlify knows no ${what}`);
    throw error;
  }
}

/** Brawlify's keyless API, through its hosts in fallback order (host-fallback.ts). */
export function createBrawlifyApi(hosts: HostFallback, now: () => number = Date.now): BrawlifyApi {
  return {
    async rotation() {
      const events = await hosts.get({
        path: '/events',
        operation: 'events',
        schema: brawlifyEventsSchema,
        ttlMs: (value) => rotationTtlMs(value.active.map((slot) => slot.endTime), now()),
      });
      return mapBrawlifyEvents(events);
    },
    async brawlers() {
      return (await hosts.get({ path: '/brawlers', operation: 'brawlers', schema: brawlifyBrawlersSchema, ttlMs: BRAWLIFY_TTL.static })).list.map(mapBrawler);
    },
    async brawler(id) {
      const brawler = await orNotFound(hosts.get({ path: `/brawlers/${id}`, operation: 'brawler', schema: brawlifyBrawlerSchema, ttlMs: BRAWLIFY_TTL.static }), `brawler with id ${id}`);
      return mapBrawler(brawler);
    },
    async maps() {
      return (await hosts.get({ path: '/maps', operation: 'maps', schema: brawlifyMapsSchema, ttlMs: BRAWLIFY_TTL.static })).list.map((map) => mapMap(map));
    },
    async map(id) {
      const map = await orNotFound(hosts.get({ path: `/maps/${id}`, operation: 'map', schema: brawlifyMapSchema, ttlMs: BRAWLIFY_TTL.mapStats }), `map with id ${id}`);
      return mapMap(map, true);
    },
    async gameModes() {
      return mapGameModes(await hosts.get({ path: '/gamemodes', operation: 'gamemodes', schema: brawlifyGameModesSchema, ttlMs: BRAWLIFY_TTL.static }));
    },
  };
}
