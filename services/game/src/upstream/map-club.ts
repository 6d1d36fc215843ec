import type { OfficialClub, OfficialClubMembers } from './official-schemas.ts';

export interface ClubMember {
  tag: string;
  name: string;
  role: string | null;
  trophies: number | null;
  nameColor: string | null;
  iconId: number | null;
}

export interface ClubProfile {
  tag: string;
  name: string;
  description: string | null;
  type: string | null;
  badgeId: number | null;
  requiredTrophies: number | null;
  trophies: number | null;
  memberCount: number;
  members: ClubMember[];
}

type RawMember = OfficialClubMembers['items'][number];

export function mapClubMember(member: RawMember): ClubMember {
  return {
    tag: member.tag,
    name: member.name,
    role: member.role ?? null,
    trophies: member.trophies ?? null,
    nameColor: member.nameColor ?? null,
    iconId: member.icon?.id ?? null,
  };
}

/** Descriptions come with trailing blanks ("Tiktok: 3nzo_59 "); an empty one is null. */
export function mapClub(club: OfficialClub): ClubProfile {
  const members = (club.members ?? []).map(mapClubMember);
  return {
    tag: club.tag,
    name: club.name,
    description: club.description?.trim() || null,
    type: club.type ?? null,
    badgeId: club.badgeId ?? null,
    requiredTrophies: club.requiredTrophies ?? null,
    trophies: club.trophies ?? null,
    memberCount: members.length,
    members,
  };
}

export const mapClubMembers = (members: OfficialClubMembers): ClubMember[] => members.items.map(mapClubMember);
