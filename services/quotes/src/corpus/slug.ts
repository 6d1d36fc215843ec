import deburr from 'lodash/deburr.js';
import words from 'lodash/words.js';

/**
 * Quotable's slug: lodash `deburr`, apostrophes dropped, lodash `words`, lower case, joined
 * by `-` (`Søren Kierkegaard` → `soren-kierkegaard`, `Brian O'Driscoll` → `brian-o-driscoll`).
 * Marks that `deburr` does not know (Vietnamese `ấ`, …) are stripped first through Unicode
 * decomposition, so a slug is always ASCII as the corpus README says.
 */
export function slugify(input: string): string {
  const decomposed = input.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  const plain = deburr(decomposed).replace(/['\u2019]/g, '');
  return words(plain)
    .map((word) => word.toLowerCase())
    .join('-');
}
