import { z } from 'zod';
import { timeSchema } from './time.ts';

// Minimal schemas of Supercell's official API (api.brawlstars.com/v1): only what the mappers read,
// `.nullish()` wherever a recorded answer leaves a field out (club-less players, friendly battles).

const icon = z.object({ id: z.number() }).nullish();
const named = z.object({ id: z.number(), name: z.string().nullish() });

/** `GET /events/rotation`: a bare array. */
export const officialRotationSchema = z.array(
  z.object({
    startTime: timeSchema,
    endTime: timeSchema,
    slotId: z.number().nullish(),
    event: z.object({ id: z.number(), mode: z.string().nullish(), map: z.string().nullish(), modifiers: z.array(z.string()).nullish() }),
  }),
);

/** `GET /players/%23TAG`. */
export const playerSchema = z.object({
  tag: z.string(),
  name: z.string(),
  nameColor: z.string().nullish(),
  icon,
  trophies: z.number(),
  highestTrophies: z.number().nullish(),
  expLevel: z.number().nullish(),
  expPoints: z.number().nullish(),
  '3vs3Victories': z.number().nullish(),
  soloVictories: z.number().nullish(),
  duoVictories: z.number().nullish(),
  bestRoboRumbleTime: z.number().nullish(),
  bestTimeAsBigBrawler: z.number().nullish(),
  club: z.object({ tag: z.string().nullish(), name: z.string().nullish() }).nullish(),
  brawlers: z
    .array(
      z.object({
        id: z.number(),
        name: z.string(),
        power: z.number().nullish(),
        rank: z.number().nullish(),
        trophies: z.number().nullish(),
        highestTrophies: z.number().nullish(),
        gears: z.array(named.extend({ level: z.number().nullish() })).nullish(),
        starPowers: z.array(named).nullish(),
        gadgets: z.array(named).nullish(),
      }),
    )
    .nullish(),
});

const battlePlayer = z.object({
  tag: z.string(),
  name: z.string(),
  brawler: z.object({ id: z.number(), name: z.string().nullish(), power: z.number().nullish(), trophies: z.number().nullish() }).nullish(),
});

/** `GET /players/%23TAG/battlelog`: solo modes list `players`, team modes `teams`. */
export const battlelogSchema = z.object({
  items: z.array(
    z.object({
      battleTime: timeSchema,
      event: z.object({ id: z.number().nullish(), mode: z.string().nullish(), map: z.string().nullish() }).nullish(),
      battle: z.object({
        mode: z.string().nullish(),
        type: z.string().nullish(),
        result: z.string().nullish(),
        duration: z.number().nullish(),
        rank: z.number().nullish(),
        trophyChange: z.number().nullish(),
        starPlayer: battlePlayer.nullish(),
        teams: z.array(z.array(battlePlayer)).nullish(),
        players: z.array(battlePlayer).nullish(),
      }),
    }),
  ),
});

const clubMember = z.object({
  tag: z.string(),
  name: z.string(),
  nameColor: z.string().nullish(),
  role: z.string().nullish(),
  trophies: z.number().nullish(),
  icon,
});

/** `GET /clubs/%23TAG`. */
export const clubSchema = z.object({
  tag: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  type: z.string().nullish(),
  badgeId: z.number().nullish(),
  requiredTrophies: z.number().nullish(),
  trophies: z.number().nullish(),
  members: z.array(clubMember).nullish(),
});

/** `GET /clubs/%23TAG/members`. */
export const clubMembersSchema = z.object({ items: z.array(clubMember) });

/** `GET /rankings/{country}/players` and `/rankings/{country}/brawlers/{id}`: ranked players. */
export const playerRankingsSchema = z.object({
  items: z.array(
    z.object({
      tag: z.string(),
      name: z.string(),
      nameColor: z.string().nullish(),
      icon,
      trophies: z.number(),
      rank: z.number(),
      club: z.object({ name: z.string().nullish() }).nullish(),
    }),
  ),
});

/** `GET /rankings/{country}/clubs`. */
export const clubRankingsSchema = z.object({
  items: z.array(
    z.object({
      tag: z.string(),
      name: z.string(),
      badgeId: z.number().nullish(),
      trophies: z.number(),
      rank: z.number(),
      memberCount: z.number().nullish(),
    }),
  ),
});

export type OfficialRotation = z.infer<typeof officialRotationSchema>;
export type OfficialPlayer = z.infer<typeof playerSchema>;
export type OfficialBattlelog = z.infer<typeof battlelogSchema>;
export type OfficialClub = z.infer<typeof clubSchema>;
export type OfficialClubMembers = z.infer<typeof clubMembersSchema>;
export type OfficialPlayerRankings = z.infer<typeof playerRankingsSchema>;
export type OfficialClubRankings = z.infer<typeof clubRankingsSchema>;
