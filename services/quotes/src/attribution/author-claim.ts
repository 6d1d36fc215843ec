import { slugify } from '../corpus/slug.ts';

// Name suffixes that are not a surname: `martin-luther-king-jr` is claimed as "Martin Luther King".
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

/**
 * Whether a claimed author names the quote's author: the same slug, or a part of the name that
 * holds the surname ("Einstein", "Gandhi", "Martin Luther King"). A first name alone does not.
 * The claim is slugified once; the returned test runs per candidate quote.
 */
export function claimMatcher(claim: string): (authorSlug: string) => boolean {
  const claimed = slugify(claim);
  const claimedWords = claimed.split('-');
  return (authorSlug) => {
    if (!claimed) return false;
    if (claimed === authorSlug) return true;
    const words = authorSlug.split('-');
    const surname = words.filter((word) => !SUFFIXES.has(word)).at(-1);
    return surname !== undefined && claimedWords.includes(surname) && claimedWords.every((word) => words.includes(word));
  };
}
