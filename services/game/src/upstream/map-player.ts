import type { OfficialPlayer } from './official-schemas.ts';

export interface Accessory {
  id: number;
  name: string;
}

export interface PlayerProfile {
  tag: string;
  name: string;
  nameColor: string | null;
  iconId: number | null;
  trophies: number;
  highestTrophies: number | null;
  expLevel: number | null;
  victories: { threeVsThree: number | null; solo: number | null; duo: number | null };
  club: { tag: string; name: string } | null;
  brawlerCount: number;
  brawlers: {
    id: number;
    name: string;
    power: number | null;
    rank: number | null;
    trophies: number | null;
    highestTrophies: number | null;
    gears: (Accessory & { level: number | null })[];
    starPowers: Accessory[];
    gadgets: Accessory[];
  }[];
}

const accessories = (list: { id: number; name?: string | null }[] | null | undefined): Accessory[] =>
  (list ?? []).map((item) => ({ id: item.id, name: item.name ?? '' }));

/** A club-less player has no `club` (or an empty one): null. Brawlers come strongest first. */
export function mapPlayer(player: OfficialPlayer): PlayerProfile {
  const brawlers = (player.brawlers ?? [])
    .map((brawler) => ({
      id: brawler.id,
      name: brawler.name,
      power: brawler.power ?? null,
      rank: brawler.rank ?? null,
      trophies: brawler.trophies ?? null,
      highestTrophies: brawler.highestTrophies ?? null,
      gears: (brawler.gears ?? []).map((gear) => ({ id: gear.id, name: gear.name ?? '', level: gear.level ?? null })),
      starPowers: accessories(brawler.starPowers),
      gadgets: accessories(brawler.gadgets),
    }))
    .sort((a, b) => (b.trophies ?? 0) - (a.trophies ?? 0));
  return {
    tag: player.tag,
    name: player.name,
    nameColor: player.nameColor ?? null,
    iconId: player.icon?.id ?? null,
    trophies: player.trophies,
    highestTrophies: player.highestTrophies ?? null,
    expLevel: player.expLevel ?? null,
    victories: { threeVsThree: player['3vs3Victories'] ?? null, solo: player.soloVictories ?? null, duo: player.duoVictories ?? null },
    club: player.club?.tag ? { tag: player.club.tag, name: player.club.name ?? '' } : null,
    brawlerCount: brawlers.length,
    brawlers,
  };
}
