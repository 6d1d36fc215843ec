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
