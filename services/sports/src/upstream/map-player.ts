import type { SportsDbPlayer } from './schemas.ts';
import { blank, toId, toInteger, toUrl } from './values.ts';

/** What searchplayers.php tells about a player. */
export interface PlayerSummary {
  id: number | null;
  name: string;
  team: string | null;
  team_id: number | null;
  sport: string | null;
  nationality: string | null;
  born: string | null;
  status: string | null;
  gender: string | null;
  position: string | null;
  thumb_url: string | null;
  cutout_url: string | null;
}

/** What lookupplayer.php adds. Height and weight stay text: TheSportsDB mixes units ("1.80 m (5 ft 11 in)", "192 lbs"). */
export interface Player extends PlayerSummary {
  squad_number: number | null;
  height: string | null;
  weight: string | null;
  birth_location: string | null;
  side: string | null;
  signing: string | null;
  wage: string | null;
  website: string | null;
  description: string | null;
}

/** A birth date is `YYYY-MM-DD`; anything else (TheSportsDB's `0000-00-00` among them) is unknown. */
function toBirthDate(value: string | null | undefined): string | null {
  const date = blank(value);
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) && !date.startsWith('0000') ? date : null;
}

export function mapPlayerSummary(player: SportsDbPlayer): PlayerSummary {
  return {
    id: toId(player.idPlayer),
    name: blank(player.strPlayer) ?? String(player.idPlayer),
    team: blank(player.strTeam),
    team_id: toId(player.idTeam),
    sport: blank(player.strSport),
    nationality: blank(player.strNationality),
    born: toBirthDate(player.dateBorn),
    status: blank(player.strStatus),
    gender: blank(player.strGender),
    position: blank(player.strPosition),
    thumb_url: blank(player.strThumb),
    cutout_url: blank(player.strCutout),
  };
}

export function mapPlayer(player: SportsDbPlayer): Player {
  return {
    ...mapPlayerSummary(player),
    squad_number: toInteger(player.strNumber),
    height: blank(player.strHeight),
    weight: blank(player.strWeight),
    birth_location: blank(player.strBirthLocation),
    side: blank(player.strSide),
    signing: blank(player.strSigning),
    wage: blank(player.strWage),
    website: toUrl(player.strWebsite),
    // Recorded descriptions separate paragraphs with \r\n.
    description: blank(player.strDescriptionEN)?.replace(/\r\n/g, '\n') ?? null,
  };
}
