import { z } from 'zod';

// TheSportsDB sends most numbers as strings, and null or "" for what it does not know.
const text = z.string().nullish();
const score = z.union([z.string(), z.number()]).nullish();

export const sportsDbEventSchema = z.object({
  idEvent: z.union([z.string(), z.number()]),
  strEvent: text,
  strSport: text,
  strLeague: text,
  strSeason: text,
  strHomeTeam: text,
  strAwayTeam: text,
  intHomeScore: score,
  intAwayScore: score,
  strTimestamp: text,
  dateEvent: text,
  strTime: text,
  strVenue: text,
  strCountry: text,
  strStatus: text,
});

/** `eventsday.php`: `{events: [...]}`, or `{events: null}` on a day with nothing. */
export const eventsDaySchema = z.object({ events: z.array(sportsDbEventSchema).nullable() });

export type SportsDbEvent = z.infer<typeof sportsDbEventSchema>;
