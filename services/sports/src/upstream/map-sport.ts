import type { SportsDbSport } from './schemas.ts';
import { blank, toId } from './values.ts';

export interface Sport {
  id: number | null;
  name: string;
  format: string | null;
  thumb_url: string | null;
}

export function mapSport(sport: SportsDbSport): Sport {
  return {
    id: toId(sport.idSport),
    name: blank(sport.strSport) ?? String(sport.idSport),
    // "TeamvsTeam" or "EventSport": whether events have a home and an away side.
    format: blank(sport.strFormat),
    thumb_url: blank(sport.strSportThumb),
  };
}
