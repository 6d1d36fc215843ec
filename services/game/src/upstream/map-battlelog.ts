import type { OfficialBattlelog } from './official-schemas.ts';
import { iso } from './time.ts';

type RawPlayer = NonNullable<OfficialBattlelog['items'][number]['battle']['starPlayer']>;

export interface BattlePlayer {
  tag: string;
  name: string;
  brawler: { id: number; name: string; power: number | null; trophies: number | null } | null;
}

export interface Battle {
  time: string;
  mode: string;
  map: string | null;
  eventId: number | null;
  type: string | null;
  result: string | null;
  rank: number | null;
  duration: number | null;
  trophyChange: number | null;
  starPlayer: BattlePlayer | null;
  teams: BattlePlayer[][];
}

// Friendly battles report power and trophies as -1: "not applicable", not a value.
const known = (value: number | null | undefined) => (value === undefined || value === null || value < 0 ? null : value);

function mapPlayer(player: RawPlayer): BattlePlayer {
  const brawler = player.brawler;
  return {
    tag: player.tag,
    name: player.name,
    brawler: brawler ? { id: brawler.id, name: brawler.name ?? '', power: known(brawler.power), trophies: known(brawler.trophies) } : null,
  };
}

/**
 * Solo modes list `players` (each their own team here, in finishing order), team modes `teams`.
 * Some battles (e.g. a ranked duo showdown) come with `event: {id: 0, map: null}` and no event mode:
 * the battle's own mode stands in and the map is null.
 */
export function mapBattlelog(log: OfficialBattlelog): Battle[] {
  return log.items.map(({ battleTime, event, battle }) => ({
    time: iso(battleTime),
    mode: event?.mode ?? battle.mode ?? 'unknown',
    map: event?.map ?? null,
    eventId: event?.id ? event.id : null,
    type: battle.type ?? null,
    result: battle.result ?? null,
    rank: battle.rank ?? null,
    duration: battle.duration ?? null,
    trophyChange: battle.trophyChange ?? null,
    starPlayer: battle.starPlayer ? mapPlayer(battle.starPlayer) : null,
    teams: battle.teams ? battle.teams.map((team) => team.map(mapPlayer)) : (battle.players ?? []).map((player) => [mapPlayer(player)]),
  }));
}
