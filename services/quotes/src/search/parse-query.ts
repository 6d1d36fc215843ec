import { analyse } from './analyse.ts';

/** One thing the query asks for: a word (one term) or a quoted phrase (several, in order). */
export type QueryUnit = string[];

export const MAX_QUERY_UNITS = 32;

/**
 * Splits a query into words and `"quoted phrases"`, each word analysed as indexed words are
 * (folded, stemmed). A quote character without its pair is ignored; a quoted phrase of one word is just that word. Repeated units are kept once.
 */
export function parseQuery(query: string): QueryUnit[] {
  const units: QueryUnit[] = [];
  const seen = new Set<string>();
  const add = (unit: QueryUnit) => {
    const key = unit.join(' ');
    if (unit.length === 0 || seen.has(key)) return;
    seen.add(key);
    units.push(unit);
  };
  const parts = query.replace(/[\u201c\u201d\u201e]/g, '"').split('"');
  // Even-numbered parts are outside quotes. An odd count of `"` leaves the last part unpaired: plain words.
  const paired = parts.length % 2 === 1 ? parts.length : parts.length - 1;
  parts.forEach((part, index) => {
    const words = analyse(part);
    if (index % 2 === 1 && index < paired) add(words);
    else for (const word of words) add([word]);
  });
  return units;
}
