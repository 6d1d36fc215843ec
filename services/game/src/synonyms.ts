/** Tool search's words for this pack (Pack.synonyms): Brawl Stars as players speak of it. */
export const gameSynonyms = [
  ['club', 'clan', 'guild', 'team'],
  ['battle', 'battles', 'fights', 'matches', 'games played', 'match history'],
  ['brawler', 'brawlers', 'character', 'characters', 'hero', 'heroes'],
  ['rankings', 'leaderboard', 'leaderboards', 'top players', 'best players', 'ladder'],
  ['profile', 'account', 'stats'],
  ['event rotation', 'live events', 'current maps', 'in rotation'],
  ['game modes', 'modes', 'gem grab', 'heist', 'brawl ball', 'showdown', 'knockout', 'bounty'],
  ['gadgets', 'super', 'abilities', 'ability'],
] as const satisfies readonly (readonly string[])[];
