/** The free public keys: `123`, and the older `3`, which behaves the same. */
const FREE_KEYS = new Set(['123', '3']);

export type Tier = 'free' | 'premium';

export function tierOf(apiKey: string): Tier {
  return FREE_KEYS.has(apiKey.trim()) ? 'free' : 'premium';
}

/**
 * Most rows one call returns, per key tier, as measured with real calls (free) and documented
 * (premium) on 5 Oct 2026; see README "Free tier". A list that reaches its cap may be cut.
 */
export const ROW_CAPS = {
  'all_sports.php': { free: 2, premium: 50 },
  'all_leagues.php': { free: 5, premium: 3000 },
  'search_all_leagues.php': { free: 5, premium: 100 },
  'searchteams.php': { free: 1, premium: 100 },
  'search_all_teams.php': { free: 10, premium: 3000 },
  'searchplayers.php': { free: 1, premium: 10 },
  'eventsday.php': { free: 3, premium: 1500 },
  'eventsnext.php': { free: 1, premium: 10 },
  'eventslast.php': { free: 1, premium: 10 },
  'lookuptable.php': { free: 5, premium: 100 },
  'lookuptimeline.php': { free: 5, premium: 100 },
  'lookupeventstats.php': { free: 5, premium: 100 },
  'lookuplineup.php': { free: 5, premium: 100 },
} as const;

export type CappedEndpoint = keyof typeof ROW_CAPS;

export interface Completeness {
  /** False when the upstream may have left rows out. */
  complete: boolean;
  /** Why the list may be cut, and what would lift the cap; null when complete. */
  reason: string | null;
}

// The free key answers eventsnext/eventslast with home games only: even an empty answer may hide away games.
const HOME_GAMES_ONLY = new Set<CappedEndpoint>(['eventsnext.php', 'eventslast.php']);

export function completeness(endpoint: CappedEndpoint, rows: number, tier: Tier): Completeness {
  const caps = ROW_CAPS[endpoint];
  if (tier === 'free' && HOME_GAMES_ONLY.has(endpoint)) {
    return {
      complete: false,
      reason: `TheSportsDB's free key answers ${endpoint} with at most ${caps.free} game, home games only; a premium key (THESPORTSDB_API_KEY) returns up to ${caps.premium}, home and away`,
    };
  }
  const cap = caps[tier];
  if (rows < cap) return { complete: true, reason: null };
  return tier === 'free'
    ? { complete: false, reason: `TheSportsDB's free key returns at most ${cap} rows from ${endpoint}, so there may be more; a premium key (THESPORTSDB_API_KEY) returns up to ${caps.premium}` }
    : { complete: false, reason: `TheSportsDB returns at most ${cap} rows from ${endpoint}, so there may be more` };
}
