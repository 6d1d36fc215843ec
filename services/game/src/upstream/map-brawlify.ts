import type { BrawlifyBrawler, BrawlifyGameModes, BrawlifyMap } from './brawlify-schemas.ts';
import { officialModeId } from './mode-id.ts';

export interface BrawlerInfo {
  id: number;
  name: string;
  rarity: string | null;
  class: string | null;
  description: string | null;
  starPowers: { id: number; name: string; description: string | null }[];
  gadgets: { id: number; name: string; description: string | null }[];
  imageUrl: string | null;
  link: string | null;
}

export interface MapInfo {
  id: number;
  name: string;
  mode: string | null;
  modeName: string | null;
  inRotationPool: boolean;
  environment: string | null;
  imageUrl: string | null;
  link: string | null;
  /** Only for one map asked by id: the brawlers with the best win rate there, best first. */
  bestBrawlers?: { brawlerId: number; winRate: number | null; useRate: number | null }[];
}

export interface GameModeInfo {
  id: string;
  name: string;
  scId: number | null;
  title: string | null;
  shortDescription: string | null;
  active: boolean;
  color: string | null;
  imageUrl: string | null;
  link: string | null;
}

const accessories = (list: BrawlifyBrawler['starPowers']) =>
  (list ?? []).map((item) => ({ id: item.id, name: item.name, description: item.description ?? null }));

/** Brawlify labels the class of brawlers it has not classified yet `{id: 0, name: "Unknown"}`: null. */
export function mapBrawler(brawler: BrawlifyBrawler): BrawlerInfo {
  const classified = brawler.class && brawler.class.id !== 0 && brawler.class.name !== 'Unknown';
  return {
    id: brawler.id,
    name: brawler.name,
    rarity: brawler.rarity?.name ?? null,
    class: classified ? (brawler.class?.name ?? null) : null,
    description: brawler.description ?? null,
    starPowers: accessories(brawler.starPowers),
    gadgets: accessories(brawler.gadgets),
    imageUrl: brawler.imageUrl ?? null,
    link: brawler.link ?? null,
  };
}

export const BEST_BRAWLERS = 10;

export function mapMap(map: BrawlifyMap, withStats = false): MapInfo {
  const info: MapInfo = {
    id: map.id,
    name: map.name ?? '',
    mode: officialModeId(map.gameMode) ?? null,
    modeName: map.gameMode?.name ?? null,
    inRotationPool: map.disabled === false,
    environment: map.environment?.name ?? null,
    imageUrl: map.imageUrl ?? null,
    link: map.link ?? null,
  };
  if (!withStats) return info;
  const stats = [...(map.stats ?? [])].sort((a, b) => (b.winRate ?? 0) - (a.winRate ?? 0)).slice(0, BEST_BRAWLERS);
  return { ...info, bestBrawlers: stats.map((stat) => ({ brawlerId: stat.brawler, winRate: stat.winRate ?? null, useRate: stat.useRate ?? null })) };
}

/** `id` is the official mode id (the one `events_rotation` and battle logs use), not Brawlify's own number. */
export function mapGameModes(modes: BrawlifyGameModes): GameModeInfo[] {
  return modes.list.map((mode) => ({
    id: officialModeId(mode) ?? mode.scHash ?? '',
    name: mode.name ?? '',
    scId: mode.scId ?? null,
    title: mode.title ?? null,
    shortDescription: mode.shortDescription ?? null,
    active: mode.disabled !== true,
    color: mode.color ?? null,
    imageUrl: mode.imageUrl ?? null,
    link: mode.link ?? null,
  }));
}
