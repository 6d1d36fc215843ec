import { ToolError } from '@toolgate/core';
import { slugify } from '../corpus/slug.ts';
import { intersectSorted, unionSorted } from './sorted-sets.ts';

/**
 * `a,b|c` → `[[a, b], [c]]`: `|` separates alternatives, `,` joins tags that must all be present
 * (so `,` binds tighter, as AND does over OR). Each tag is reduced to its slug, so a display name
 * (`Famous Quotes`), a slug or any letter case names the same tag.
 */
export function parseTagExpression(expression: string): string[][] {
  return expression
    .split('|')
    .map((group) => group.split(',').map(slugify).filter(Boolean))
    .filter((group) => group.length > 0);
}

/** Documents carrying the tags an expression asks for; an unknown tag is the caller's mistake. */
export function docsForTags(expression: string, tagDocs: Map<string, Int32Array>, knownTags: Set<string>): Int32Array | undefined {
  const groups = parseTagExpression(expression);
  if (groups.length === 0) return undefined;
  const unknown = [...new Set(groups.flat().filter((slug) => !knownTags.has(slug)))];
  if (unknown.length > 0) {
    throw new ToolError(`Unknown tag${unknown.length > 1 ? 's' : ''} ${unknown.map((tag) => `"${tag}"`).join(', ')}: call list_tags for the valid tags.`);
  }
  const none = new Int32Array(0);
  return groups
    .map((group) => group.map((slug) => tagDocs.get(slug) ?? none).reduce(intersectSorted))
    .reduce(unionSorted);
}

/** Documents by any of the `|`-separated authors (slugs; a name is slugified, so it works too). */
export function docsForAuthors(expression: string, authorDocs: Map<string, Int32Array>): Int32Array | undefined {
  const slugs = expression.split('|').map(slugify).filter(Boolean);
  if (slugs.length === 0) return undefined;
  const none = new Int32Array(0);
  return slugs.map((slug) => authorDocs.get(slug) ?? none).reduce(unionSorted);
}

/** Quote lengths to keep, inclusive; an absent bound is open. */
export interface LengthRange {
  min_length?: number;
  max_length?: number;
}

export const hasLengthRange = (range: LengthRange) => range.min_length !== undefined || range.max_length !== undefined;

/** A test of one document's length against the range (`lengths[doc]` is its quote's length). */
export function lengthTest(lengths: Int32Array, { min_length = 0, max_length = Infinity }: LengthRange): (doc: number) => boolean {
  return (doc) => lengths[doc]! >= min_length && lengths[doc]! <= max_length;
}

/** The documents of `pool` (all of them when undefined) whose length is in the range, ascending. */
export function docsInLengthRange(pool: Int32Array | undefined, lengths: Int32Array, range: LengthRange): Int32Array {
  const accept = lengthTest(lengths, range);
  const size = pool ? pool.length : lengths.length;
  const out = new Int32Array(size);
  let found = 0;
  for (let i = 0; i < size; i += 1) {
    const doc = pool ? pool[i]! : i;
    if (accept(doc)) out[found++] = doc;
  }
  return out.slice(0, found);
}
