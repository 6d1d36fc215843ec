import type { UpstreamClient } from '@toolgate/upstream';
import type { z } from 'zod';
import { mapBattlelog, type Battle } from './map-battlelog.ts';
import { mapClub, mapClubMembers, type ClubMember, type ClubProfile } from './map-club.ts';
import { mapPlayer, type PlayerProfile } from './map-player.ts';
import { mapClubRankings, mapPlayerRankings, type RankingEntry } from './map-rankings.ts';
import { mapOfficialRotation, rotationTtlMs, type RotationEvent } from './map-rotation.ts';
import { explainOfficialError } from './official-errors.ts';
import {
  battlelogSchema, clubMembersSchema, clubRankingsSchema, clubSchema, officialRotationSchema, playerRankingsSchema, playerSchema,
} from './official-schemas.ts';
import { tagSegment } from './tag.ts';

const MINUTE = 60_000;
/** Profiles change with every battle, but a few minutes is what the game's own clients show. */
export const TTL = { player: 5 * MINUTE, battlelog: 2 * MINUTE, club: 5 * MINUTE, rankings: 15 * MINUTE } as const;

export type RankingKind = 'players' | 'clubs' | 'brawlers';

export interface OfficialApi {
  rotation(): Promise<RotationEvent[]>;
  player(tag: string): Promise<PlayerProfile>;
  battlelog(tag: string): Promise<Battle[]>;
  club(tag: string): Promise<ClubProfile>;
  clubMembers(tag: string): Promise<ClubMember[]>;
  /** `country`: `global` or an upper-case ISO 3166-1 alpha-2 code. */
  rankings(kind: RankingKind, country: string, limit: number, brawlerId?: number): Promise<RankingEntry[]>;
}

/**
 * Supercell's API (a token bound to the server's IP, sent by the upstream client as a Bearer header).
 * Tags arrive normalised (tag.ts), so the only user text in a path is `%23` + [0289PYLQGRJCUV].
 */
export function createOfficialApi(upstream: UpstreamClient, now: () => number = Date.now): OfficialApi {
  // `operation` labels the request in metrics and traces: the path holds the caller's tag.
  async function get<Schema extends z.ZodType>(operation: string, path: string, schema: Schema, ttlMs: number | ((value: z.infer<Schema>) => number), what: string, params?: Record<string, number>) {
    try {
      return await upstream.get({ path, schema, ttlMs, params, operation });
    } catch (error) {
      throw explainOfficialError(error, what);
    }
  }
  return {
    async rotation() {
      const rotation = await get('rotation', '/events/rotation', officialRotationSchema, (value) => rotationTtlMs(value.map((slot) => slot.endTime), now()), 'event rotation');
      return mapOfficialRotation(rotation);
    },
    async player(tag) {
      return mapPlayer(await get('player', `/players/${tagSegment(tag)}`, playerSchema, TTL.player, `player with tag #${tag}`));
    },
    async battlelog(tag) {
      return mapBattlelog(await get('battlelog', `/players/${tagSegment(tag)}/battlelog`, battlelogSchema, TTL.battlelog, `player with tag #${tag}`));
    },
    async club(tag) {
      return mapClub(await get('club', `/clubs/${tagSegment(tag)}`, clubSchema, TTL.club, `club with tag #${tag}`));
    },
    async clubMembers(tag) {
      return mapClubMembers(await get('club members', `/clubs/${tagSegment(tag)}/members`, clubMembersSchema, TTL.club, `club with tag #${tag}`));
    },
    async rankings(kind, country, limit, brawlerId) {
      const base = `/rankings/${country}`;
      if (kind === 'clubs') return mapClubRankings(await get('club rankings', `${base}/clubs`, clubRankingsSchema, TTL.rankings, `club ranking for ${country}`, { limit }));
      const path = kind === 'brawlers' ? `${base}/brawlers/${brawlerId}` : `${base}/players`;
      const what = kind === 'brawlers' ? `ranking for brawler ${brawlerId} in ${country}` : `player ranking for ${country}`;
      return mapPlayerRankings(await get(`${kind === 'brawlers' ? 'brawler' : 'player'} rankings`, path, playerRankingsSchema, TTL.rankings, what, { limit }));
    },
  };
}
