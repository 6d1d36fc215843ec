import type { UpstreamClient } from '@toolgate/upstream';
import { completeness, tierOf, type CappedEndpoint, type Completeness, type Tier } from './free-tier.ts';
import { mapFixture, type Fixture } from './map-fixture.ts';
import { mapLeague, type League } from './map-league.ts';
import { mapEventStat, mapLineupEntry, mapTimelineEntry, type EventStat, type LineupEntry, type TimelineEntry } from './map-match-detail.ts';
import { mapMatch, type Match } from './map-match.ts';
import { mapPlayer, mapPlayerSummary, type Player, type PlayerSummary } from './map-player.ts';
import { mapSport, type Sport } from './map-sport.ts';
import { mapStanding, toUpdatedAt, type Standing } from './map-standing.ts';
import { mapTeam, type Team } from './map-team.ts';
import { createSportsDbGet, recordsOf } from './request.ts';
import * as schemas from './schemas.ts';
import * as ttl from './ttl.ts';

/** A list as TheSportsDB gave it, and whether its row cap may have cut it. */
export interface Listing<Item> extends Completeness {
  items: Item[];
}

export interface LeagueTable extends Listing<Standing> {
  season: string | null;
  league: string | null;
  updated_at: string | null;
}

export interface SportsDbApi {
  readonly tier: Tier;
  eventsOnDay(date: string, filters: { sport?: string; league?: string }): Promise<Listing<Fixture>>;
  sports(): Promise<Listing<Sport>>;
  leagues(filters: { sport?: string; country?: string }): Promise<Listing<League>>;
  searchTeams(name: string): Promise<Listing<Team>>;
  leagueTeams(league: string): Promise<Listing<Team>>;
  team(id: number): Promise<Team | undefined>;
  searchPlayers(name: string): Promise<Listing<PlayerSummary>>;
  player(id: number): Promise<Player | undefined>;
  teamEventsNext(teamId: number): Promise<Listing<Fixture>>;
  teamEventsLast(teamId: number): Promise<Listing<Fixture>>;
  leagueTable(leagueId: number, season: string | undefined): Promise<LeagueTable>;
  event(id: number): Promise<Match | undefined>;
  timeline(eventId: number): Promise<Listing<TimelineEntry>>;
  eventStats(eventId: number): Promise<Listing<EventStat>>;
  lineup(eventId: number): Promise<Listing<LineupEntry>>;
}

export function createSportsDbApi(upstream: UpstreamClient, apiKey: string, now: () => Date = () => new Date()): SportsDbApi {
  const get = createSportsDbGet(upstream, apiKey);
  const tier = tierOf(apiKey);
  const listing = <Raw, Item>(endpoint: CappedEndpoint, raw: Raw[] | string | null | undefined, map: (row: Raw) => Item): Listing<Item> => {
    const rows = recordsOf(raw, endpoint);
    return { items: rows.map(map), ...completeness(endpoint, rows.length, tier) };
  };
  const firstMatching = <Raw extends { [key: string]: unknown }>(rows: Raw[], key: keyof Raw, id: number) =>
    // A lookup answered with another record than the one asked for is no answer for that id.
    rows.find((row) => String(row[key]) === String(id));

  return {
    tier,
    async eventsOnDay(date, { sport, league }) {
      // `l=` filters upstream (an id or a name): filtering after the free key's 3-row cap would miss almost every league.
      const body = await get('eventsday.php', 'events', { d: date, s: sport, l: league }, schemas.eventsEnvelope, ttl.fixturesTtlMs(date, now()));
      return listing('eventsday.php', body.events, mapFixture);
    },
    async sports() {
      return listing('all_sports.php', (await get('all_sports.php', 'sports', {}, schemas.sportsEnvelope, ttl.CATALOG_TTL_MS)).sports, mapSport);
    },
    async leagues({ sport, country }) {
      if (!country) {
        const all = listing('all_leagues.php', (await get('all_leagues.php', 'leagues', {}, schemas.leaguesEnvelope, ttl.CATALOG_TTL_MS)).leagues, mapLeague);
        return sport ? { ...all, items: all.items.filter((league) => league.sport?.toLowerCase() === sport.toLowerCase()) } : all;
      }
      const body = await get('search_all_leagues.php', 'countries', { c: country, s: sport }, schemas.countriesEnvelope, ttl.CATALOG_TTL_MS);
      return listing('search_all_leagues.php', body.countries, mapLeague);
    },
    async searchTeams(name) {
      return listing('searchteams.php', (await get('searchteams.php', 'teams', { t: name }, schemas.teamsEnvelope, ttl.CATALOG_TTL_MS)).teams, mapTeam);
    },
    async leagueTeams(league) {
      // Not lookup_all_teams.php: on the free key it answers with another league's teams.
      return listing('search_all_teams.php', (await get('search_all_teams.php', 'teams', { l: league }, schemas.teamsEnvelope, ttl.CATALOG_TTL_MS)).teams, mapTeam);
    },
    async team(id) {
      const rows = recordsOf((await get('lookupteam.php', 'teams', { id }, schemas.teamsEnvelope, ttl.CATALOG_TTL_MS)).teams, 'lookupteam.php');
      const row = firstMatching(rows, 'idTeam', id);
      return row ? mapTeam(row) : undefined;
    },
    async searchPlayers(name) {
      // searchplayers.php keeps its records under `player`, lookupplayer.php under `players`.
      return listing('searchplayers.php', (await get('searchplayers.php', 'player', { p: name }, schemas.playerEnvelope, ttl.CATALOG_TTL_MS)).player, mapPlayerSummary);
    },
    async player(id) {
      const rows = recordsOf((await get('lookupplayer.php', 'players', { id }, schemas.playersEnvelope, ttl.CATALOG_TTL_MS)).players, 'lookupplayer.php');
      const row = firstMatching(rows, 'idPlayer', id);
      return row ? mapPlayer(row) : undefined;
    },
    async teamEventsNext(teamId) {
      return listing('eventsnext.php', (await get('eventsnext.php', 'events', { id: teamId }, schemas.eventsEnvelope, ttl.NEXT_EVENTS_TTL_MS)).events, mapFixture);
    },
    async teamEventsLast(teamId) {
      // eventslast.php keeps its events under `results`.
      return listing('eventslast.php', (await get('eventslast.php', 'results', { id: teamId }, schemas.resultsEnvelope, ttl.LAST_EVENTS_TTL_MS)).results, mapFixture);
    },
    async leagueTable(leagueId, season) {
      const body = await get('lookuptable.php', 'table', { l: leagueId, s: season }, schemas.tableEnvelope, ttl.TABLE_TTL_MS);
      const table = listing('lookuptable.php', body.table, mapStanding);
      // listing() has refused a string where the rows belong.
      const first = Array.isArray(body.table) ? body.table[0] : undefined;
      return { ...table, season: first?.strSeason ?? season ?? null, league: first?.strLeague ?? null, updated_at: toUpdatedAt(first?.dateUpdated) };
    },
    async event(id) {
      const ttlMs = (body: { events?: schemas.SportsDbEvent[] | string | null }) =>
        Array.isArray(body.events) && body.events[0] ? ttl.matchTtlMs(mapMatch(body.events[0], now()), now()) : ttl.MATCH_DETAIL_TTL_MS;
      const rows = recordsOf((await get('lookupevent.php', 'events', { id }, schemas.eventsEnvelope, ttlMs)).events, 'lookupevent.php');
      const row = firstMatching(rows, 'idEvent', id);
      return row ? mapMatch(row, now()) : undefined;
    },
    async timeline(eventId) {
      const body = await get('lookuptimeline.php', 'timeline', { id: eventId }, schemas.timelineEnvelope, ttl.MATCH_DETAIL_TTL_MS);
      return listing('lookuptimeline.php', body.timeline, mapTimelineEntry);
    },
    async eventStats(eventId) {
      const body = await get('lookupeventstats.php', 'eventstats', { id: eventId }, schemas.eventStatsEnvelope, ttl.MATCH_DETAIL_TTL_MS);
      return listing('lookupeventstats.php', body.eventstats, mapEventStat);
    },
    async lineup(eventId) {
      const body = await get('lookuplineup.php', 'lineup', { id: eventId }, schemas.lineupEnvelope, ttl.MATCH_DETAIL_TTL_MS);
      return listing('lookuplineup.php', body.lineup, mapLineupEntry);
    },
  };
}
