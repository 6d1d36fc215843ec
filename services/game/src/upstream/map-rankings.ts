import type { OfficialClubRankings, OfficialPlayerRankings } from './official-schemas.ts';

export interface RankingEntry {
  rank: number;
  tag: string;
  name: string;
  trophies: number;
  /** Players: the club's name (the API gives no club tag here); clubs: null. */
  club: string | null;
  /** Clubs only. */
  memberCount: number | null;
}

export function mapPlayerRankings(rankings: OfficialPlayerRankings): RankingEntry[] {
  return rankings.items.map((item) => ({
    rank: item.rank,
    tag: item.tag,
    name: item.name,
    trophies: item.trophies,
    club: item.club?.name ?? null,
    memberCount: null,
  }));
}

export function mapClubRankings(rankings: OfficialClubRankings): RankingEntry[] {
  return rankings.items.map((item) => ({
    rank: item.rank,
    tag: item.tag,
    name: item.name,
    trophies: item.trophies,
    club: null,
    memberCount: item.memberCount ?? null,
  }));
}
