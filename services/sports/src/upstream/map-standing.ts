import type { SportsDbStanding } from './schemas.ts';
import { blank, toId, toInteger } from './values.ts';

export interface Standing {
  rank: number | null;
  team: string | null;
  team_id: number | null;
  badge_url: string | null;
  played: number | null;
  won: number | null;
  drawn: number | null;
  lost: number | null;
  goals_for: number | null;
  goals_against: number | null;
  goal_difference: number | null;
  points: number | null;
  form: string | null;
  group: string | null;
  description: string | null;
}

export function mapStanding(row: SportsDbStanding): Standing {
  return {
    rank: toInteger(row.intRank),
    team: blank(row.strTeam),
    team_id: toId(row.idTeam),
    badge_url: blank(row.strBadge),
    played: toInteger(row.intPlayed),
    won: toInteger(row.intWin),
    drawn: toInteger(row.intDraw),
    lost: toInteger(row.intLoss),
    goals_for: toInteger(row.intGoalsFor),
    goals_against: toInteger(row.intGoalsAgainst),
    goal_difference: toInteger(row.intGoalDifference),
    points: toInteger(row.intPoints),
    // Latest result last, e.g. "LWWWW".
    form: blank(row.strForm),
    group: blank(row.strGroup),
    description: blank(row.strDescription),
  };
}

/**
 * `dateUpdated` is "yyyy-MM-dd HH:mm:ss" with no zone stated; TheSportsDB's other times are UTC,
 * so this is read as UTC too.
 */
export function toUpdatedAt(value: string | null | undefined): string | null {
  const text = blank(value);
  if (!text) return null;
  const parsed = Date.parse(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}
