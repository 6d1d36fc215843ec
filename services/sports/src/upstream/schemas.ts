import { z } from 'zod';

// TheSportsDB v1 sends numbers as strings (sometimes as numbers), and null or "" for what it
// does not know. Only the fields the pack maps are read; everything else is ignored.
const text = z.string().nullish();
const numeric = z.union([z.string(), z.number()]).nullish();
const id = z.union([z.string(), z.number()]);

/**
 * The records of an answer: a list, `null` (nothing found), or a string where the list belongs
 * (a rejected parameter: `{"seasons": "Invalid League ID passed"}`). The key itself is required:
 * an answer without it is a changed API, not an empty result.
 */
const records = <Item extends z.ZodType>(item: Item) => z.union([z.array(item), z.string()]).nullable();

export const sportsDbEventSchema = z.object({
  idEvent: id,
  strEvent: text,
  strSport: text,
  idLeague: numeric,
  strLeague: text,
  strSeason: text,
  intRound: numeric,
  idHomeTeam: numeric,
  idAwayTeam: numeric,
  strHomeTeam: text,
  strAwayTeam: text,
  intHomeScore: numeric,
  intAwayScore: numeric,
  intHomeScoreHT: numeric,
  intAwayScoreHT: numeric,
  intHomeScoreExtra: numeric,
  intAwayScoreExtra: numeric,
  intSpectators: numeric,
  strTimestamp: text,
  dateEvent: text,
  strTime: text,
  strVenue: text,
  strCity: text,
  strCountry: text,
  strStatus: text,
  strPostponed: text,
});

export const sportSchema = z.object({ idSport: id, strSport: text, strFormat: text, strSportThumb: text, strSportDescription: text });

export const leagueSchema = z.object({
  idLeague: id, strLeague: text, strSport: text, strLeagueAlternate: text, strCountry: text, strCurrentSeason: text,
  strGender: text, intFormedYear: numeric, strWebsite: text, strBadge: text,
});

export const teamSchema = z.object({
  idTeam: id, strTeam: text, strTeamAlternate: text, strTeamShort: text, strSport: text, idLeague: numeric, strLeague: text,
  strCountry: text, strGender: text, intFormedYear: numeric, strStadium: text, idVenue: numeric, strLocation: text,
  strWebsite: text, strBadge: text, strDescriptionEN: text,
});

export const standingSchema = z.object({
  intRank: numeric, idTeam: numeric, strTeam: text, strBadge: text, strLeague: text, strSeason: text, strGroup: text, strForm: text,
  strDescription: text, intPlayed: numeric, intWin: numeric, intDraw: numeric, intLoss: numeric, intGoalsFor: numeric,
  intGoalsAgainst: numeric, intGoalDifference: numeric, intPoints: numeric, dateUpdated: text,
});

export const timelineSchema = z.object({
  idTimeline: numeric, strTimeline: text, strTimelineDetail: text, strHome: text, intTime: numeric, strPeriod: text,
  idPlayer: numeric, strPlayer: text, idAssist: numeric, strAssist: text, idTeam: numeric, strTeam: text, strComment: text,
});

// searchplayers.php answers the summary fields (and a `relevance` score); lookupplayer.php the full record.
export const playerSchema = z.object({
  idPlayer: id, strPlayer: text, idTeam: numeric, strTeam: text, strSport: text, strNationality: text, dateBorn: text, strStatus: text,
  strGender: text, strPosition: text, strThumb: text, strCutout: text, strNumber: numeric, strHeight: text, strWeight: text,
  strBirthLocation: text, strSide: text, strSigning: text, strWage: text, strWebsite: text, strDescriptionEN: text,
});

export const statSchema = z.object({ strStat: text, intHome: numeric, intAway: numeric });

export const lineupSchema = z.object({
  idPlayer: numeric, strPlayer: text, strPosition: text, strHome: text, strSubstitute: text, intSquadNumber: numeric, idTeam: numeric, strTeam: text,
});

// One envelope per endpoint; the record key is the endpoint's own (`eventslast.php` says `results`,
// `search_all_leagues.php` says `countries`).
export const eventsEnvelope = z.object({ events: records(sportsDbEventSchema) });
export const resultsEnvelope = z.object({ results: records(sportsDbEventSchema) });
export const sportsEnvelope = z.object({ sports: records(sportSchema) });
export const leaguesEnvelope = z.object({ leagues: records(leagueSchema) });
export const countriesEnvelope = z.object({ countries: records(leagueSchema) });
export const teamsEnvelope = z.object({ teams: records(teamSchema) });
export const playerEnvelope = z.object({ player: records(playerSchema) });
export const playersEnvelope = z.object({ players: records(playerSchema) });
export const tableEnvelope = z.object({ table: records(standingSchema) });
export const timelineEnvelope = z.object({ timeline: records(timelineSchema) });
export const eventStatsEnvelope = z.object({ eventstats: records(statSchema) });
export const lineupEnvelope = z.object({ lineup: records(lineupSchema) });

export type SportsDbEvent = z.infer<typeof sportsDbEventSchema>;
export type SportsDbSport = z.infer<typeof sportSchema>;
export type SportsDbLeague = z.infer<typeof leagueSchema>;
export type SportsDbTeam = z.infer<typeof teamSchema>;
export type SportsDbPlayer = z.infer<typeof playerSchema>;
export type SportsDbStanding = z.infer<typeof standingSchema>;
export type SportsDbTimelineRow = z.infer<typeof timelineSchema>;
export type SportsDbStat = z.infer<typeof statSchema>;
export type SportsDbLineupRow = z.infer<typeof lineupSchema>;
