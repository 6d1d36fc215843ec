import { readFileSync } from 'node:fs';
import { startFakeUpstream, type FakeRequest, type FakeResponse, type FakeUpstream } from '@toolgate/upstream/testing';

/** A recorded TheSportsDB answer (test/fixtures, provenance in SOURCES.md). */
export function fixture(name: string): any {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}

const INVALID_KEY = fixture('invalid-key');
const same = (a: unknown, b: string | null) => b !== null && String(a).toLowerCase() === b.toLowerCase();

/** A lookup answers its one recorded record for the recorded id, and `{key: null}` for any other id. */
function lookup(file: string, key: string, idField: string, id: string | null): FakeResponse {
  const rows = fixture(file)[key] as Record<string, unknown>[];
  const hit = rows.filter((row) => String(row[idField]) === id);
  return { body: { [key]: hit.length > 0 ? rows : null } };
}

/** Rows of a by-event endpoint for the recorded event; `{key: null}` (no coverage) otherwise. */
function byEvent(file: string, key: string, id: string | null): FakeResponse {
  const body = fixture(file);
  return { body: { [key]: String(body[key][0].idEvent) === id ? body[key] : null } };
}

/** Answers like TheSportsDB v1 (`/api/v1/json/{key}/{endpoint}.php`) from the recorded fixtures. */
export function sportsDbRoute(keys: string[]) {
  return (request: FakeRequest): FakeResponse => {
    const match = /^\/api\/v1\/json\/([^/]+)\/([a-z_]+\.php)$/.exec(request.path);
    if (!match) return { status: 404, body: {} };
    if (!keys.includes(decodeURIComponent(match[1]!))) return { status: 400, body: INVALID_KEY };
    const q = (name: string) => request.query.get(name);
    switch (match[2]) {
      case 'eventsday.php': {
        // TheSportsDB filters by sport (s=) and league (l=, an id or a name) before its row cap.
        const events = (fixture('eventsday').events as Record<string, unknown>[]).filter(
          (event) => (q('s') === null || same(event.strSport, q('s'))) && (q('l') === null || same(event.idLeague, q('l')) || same(event.strLeague, q('l'))),
        );
        return { body: { events: events.length > 0 ? events : null } };
      }
      case 'all_sports.php': return { body: fixture('all-sports') };
      case 'all_leagues.php': return { body: fixture('all-leagues') };
      case 'search_all_leagues.php': {
        const leagues = (fixture('search-all-leagues').countries as Record<string, unknown>[]).filter(
          (league) => same(league.strCountry, q('c')) && (q('s') === null || same(league.strSport, q('s'))),
        );
        return { body: { countries: leagues.length > 0 ? leagues : null } };
      }
      case 'searchteams.php': return { body: same('Arsenal', q('t')) ? fixture('lookupteam') : { teams: null } };
      case 'search_all_teams.php': return { body: same('English Premier League', q('l')) ? fixture('lookupteam') : { teams: null } };
      case 'lookupteam.php': return lookup('lookupteam', 'teams', 'idTeam', q('id'));
      // The recording answered p=Danny_Welbeck; TheSportsDB reads "_" as a space.
      case 'searchplayers.php': return { body: same('danny welbeck', q('p')?.replace(/_/g, ' ') ?? null) ? fixture('searchplayers') : { player: null } };
      case 'lookupplayer.php': return lookup('lookupplayer', 'players', 'idPlayer', q('id'));
      case 'eventsnext.php': return { body: q('id') === '133602' ? fixture('eventsnext') : { events: null } };
      case 'eventslast.php': return { body: q('id') === '133602' ? fixture('eventslast') : { results: null } };
      case 'lookuptable.php': {
        if (q('l') !== '4328') return { body: { table: null } };
        return { body: q('s') === null || q('s') === '2026-2027' ? fixture('lookuptable') : { table: null } };
      }
      case 'lookupevent.php': return lookup('lookupevent', 'events', 'idEvent', q('id'));
      case 'lookuptimeline.php': return byEvent('lookuptimeline', 'timeline', q('id'));
      case 'lookupeventstats.php': return byEvent('lookupeventstats', 'eventstats', q('id'));
      case 'lookuplineup.php': return byEvent('lookuplineup', 'lineup', q('id'));
      default: return { status: 404, body: {} };
    }
  };
}

export function startSportsDb(keys: string[]): Promise<FakeUpstream> {
  return startFakeUpstream(sportsDbRoute(keys));
}

export function packEnv(upstream: FakeUpstream, key: string, extra: Record<string, string> = {}): Record<string, string> {
  return { THESPORTSDB_API_KEY: key, THESPORTSDB_BASE_URL: `${upstream.url}/api/v1/json`, UPSTREAM_TIMEOUT_MS: '1000', ...extra };
}
