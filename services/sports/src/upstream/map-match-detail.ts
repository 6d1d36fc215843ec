import type { SportsDbLineupRow, SportsDbStat, SportsDbTimelineRow } from './schemas.ts';
import { blank, toId, toInteger, toNumber, yesNo } from './values.ts';

type Side = 'home' | 'away' | null;
const sideOf = (home: string | null | undefined): Side => {
  const isHome = yesNo(home);
  return isHome === null ? null : isHome ? 'home' : 'away';
};

export interface TimelineEntry {
  minute: number | null;
  type: string | null;
  detail: string | null;
  side: Side;
  team: string | null;
  team_id: number | null;
  player: string | null;
  player_id: number | null;
  /** The assisting player, or for a substitution the player coming on. */
  second_player: string | null;
  second_player_id: number | null;
  comment: string | null;
}

/** `strTimeline` is "Goal", "Card" or "subst"; for "subst", `strAssist` is the player coming on. */
export function mapTimelineEntry(row: SportsDbTimelineRow): TimelineEntry {
  return {
    minute: toInteger(row.intTime),
    type: blank(row.strTimeline),
    detail: blank(row.strTimelineDetail),
    side: sideOf(row.strHome),
    team: blank(row.strTeam),
    team_id: toId(row.idTeam),
    player: blank(row.strPlayer),
    player_id: toId(row.idPlayer),
    second_player: blank(row.strAssist),
    second_player_id: toId(row.idAssist),
    comment: blank(row.strComment),
  };
}

export interface EventStat {
  name: string;
  home: number | null;
  away: number | null;
  /** As sent, for values that are not plain numbers ("65%"). */
  home_text: string | null;
  away_text: string | null;
}

const asText = (value: string | number | null | undefined) => (value === null || value === undefined ? null : blank(String(value)));
const percentOrNumber = (value: string | number | null | undefined) => toNumber(typeof value === 'string' ? value.replace(/%$/, '') : value);

export function mapEventStat(row: SportsDbStat): EventStat {
  return {
    name: blank(row.strStat) ?? 'unknown',
    home: percentOrNumber(row.intHome),
    away: percentOrNumber(row.intAway),
    home_text: asText(row.intHome),
    away_text: asText(row.intAway),
  };
}

export interface LineupEntry {
  player: string | null;
  player_id: number | null;
  position: string | null;
  squad_number: number | null;
  substitute: boolean | null;
  side: Side;
  team: string | null;
  team_id: number | null;
}

export function mapLineupEntry(row: SportsDbLineupRow): LineupEntry {
  return {
    player: blank(row.strPlayer),
    player_id: toId(row.idPlayer),
    position: blank(row.strPosition),
    squad_number: toInteger(row.intSquadNumber),
    substitute: yesNo(row.strSubstitute),
    side: sideOf(row.strHome),
    team: blank(row.strTeam),
    team_id: toId(row.idTeam),
  };
}
