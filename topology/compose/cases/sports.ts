import { holding, type ToolCase } from './tool-case.ts';

const sports = (tool: string, args: Record<string, unknown>, expected: Record<string, unknown>): ToolCase => ({ pack: 'sports', tool, arguments: args, expected });

/** Every sports tool against the TheSportsDB stand-in (the sports pack's own, serving its recordings). */
export const SPORTS: ToolCase[] = [
  sports('events_by_day', { date: '2026-10-04' }, { count: 3 }),
  sports('list_sports', {}, { items: holding({ id: 102, name: 'Soccer' }) }),
  sports('list_leagues', { country: 'England', sport: 'soccer' }, { items: holding({ id: 4570, name: 'EFL Cup' }) }),
  sports('search_teams', { name: 'arsenal' }, { items: holding({ id: 133604, name: 'Arsenal', stadium: 'Emirates Stadium' }) }),
  sports('team', { team_id: 133604 }, { id: 133604, name: 'Arsenal' }),
  sports('team_events_next', { team_id: 133602 }, { team_id: 133602, events: holding({ id: '2494051' }) }),
  sports('team_events_last', { team_id: 133602 }, { events: holding({ id: '2594454', league: 'EFL Cup' }) }),
  sports('league_table', { league_id: 4328 }, { league_id: 4328, league: 'English Premier League', season: '2026-2027' }),
  sports('event', { event_id: 441613 }, { id: '441613', name: 'Liverpool vs Swansea', scores: { home: 4, away: 1 } }),
  sports('event_timeline', { event_id: 1032718 }, { event_id: 1032718, covered: true, items: holding({ minute: 46, player: 'Tyler Roberts' }) }),
  sports('event_stats', { event_id: 1032723 }, { covered: true, items: holding({ name: 'Shots on Goal', home: 11, away: 8 }) }),
  sports('search_players', { name: 'Danny Welbeck' }, { items: holding({ id: 34145395, name: 'Danny Welbeck' }) }),
  sports('player', { player_id: 34165469 }, { id: 34165469, name: 'Unai Emery' }),
  sports('event_lineup', { event_id: 1032723 }, { items: holding({ player: 'Mohamed Salah', squad_number: 11 }) }),
];
