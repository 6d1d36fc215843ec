/** Tool search's words for this pack (Pack.synonyms): quotations as people ask for them. */
export const quotesSynonyms = [
  ['quote', 'quotes', 'quotation', 'saying', 'sayings', 'proverb', 'aphorism'],
  ['tags', 'topics', 'themes', 'categories', 'subjects'],
  ['authors', 'author', 'writers', 'people quoted', 'who said'],
  ['check attribution', 'misattributed', 'really say', 'really said', 'who said it', 'fact check', 'verify'],
  ['bio', 'biography', 'about the author', 'life of'],
  ['random', 'inspiring', 'inspiration', 'motivation', 'surprise me'],
] as const satisfies readonly (readonly string[])[];
