/** Tool search's words for this pack (Pack.synonyms): how fans ask about fixtures, tables and matches. */
export const sportsSynonyms = [
  ['standings', 'league table', 'table', 'ranking', 'top of the league', 'position'],
  ['goals', 'scored', 'scorer', 'cards', 'minute by minute'],
  ['match', 'game', 'fixture', 'fixtures'],
  ['team', 'club', 'side', 'squad'],
  ['player', 'footballer', 'athlete'],
  ['lineup', 'lineups', 'starting eleven', 'starting xi', 'line-up', 'who played'],
  ['statistics', 'stats', 'possession', 'shots', 'corners'],
  ['last games', 'most recent games', 'results', 'last game'],
  ['next games', 'upcoming games', 'play next', 'schedule', 'next game'],
  ['soccer', 'football'],
  ['height', 'tall'],
] as const satisfies readonly (readonly string[])[];
