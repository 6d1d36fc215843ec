/** Tool search's words for this pack (Pack.synonyms): what people call concerts and tours. */
export const concertSynonyms = [
  ['concert', 'gig', 'show', 'live music', 'performance', 'festival'],
  ['artist', 'band', 'singer', 'musician', 'performer', 'act'],
  ['upcoming', 'next', 'tour dates', 'playing', 'on tour'],
  ['tracker count', 'fans', 'followers'],
  ['ticket', 'tickets'],
] as const satisfies readonly (readonly string[])[];
