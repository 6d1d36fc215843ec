import { stem, tokenize } from '@toolgate/text-analysis';

/** One thing the query asks for: a word or a quoted phrase (several, in order), as folded words before stemming. */
export type QueryUnit = string[];

export const MAX_QUERY_UNITS = 32;

/**
 * Splits a query into words and `"quoted phrases"`, each word folded as indexed words are; the
 * engine stems them, and keeps the form typed to rank exact words above other forms of the stem.
 * A quote character without its pair is ignored; a quoted phrase of one word is just that word.
 * Units with the same stems are kept once (the first form typed).
 */
export function parseQuery(query: string): QueryUnit[] {
  const units: QueryUnit[] = [];
  const seen = new Set<string>();
  const add = (unit: QueryUnit) => {
    const key = unit.map(stem).join(' ');
    if (unit.length === 0 || seen.has(key)) return;
    seen.add(key);
    units.push(unit);
  };
  const parts = query.replace(/[\u201c\u201d\u201e]/g, '"').split('"');
  // Even-numbered parts are outside quotes. An odd count of `"` leaves the last part unpaired: plain words.
  const paired = parts.length % 2 === 1 ? parts.length : parts.length - 1;
  parts.forEach((part, index) => {
    const words = tokenize(part);
    if (index % 2 === 1 && index < paired) add(words);
    else for (const word of words) add([word]);
  });
  return units;
}

/** The units as the index's terms (stems): what the BM25-only ranking of before issue 24 searched. */
export const stemUnits = (units: QueryUnit[]): QueryUnit[] => units.map((unit) => unit.map(stem));
