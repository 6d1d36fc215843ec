/** The characters Supercell builds player and club tags from. */
export const TAG_ALPHABET = '0289PYLQGRJCUV';
const TAG = new RegExp(`^[${TAG_ALPHABET}]{3,14}$`);

export type TagResult = { ok: true; tag: string } | { ok: false; reason: string };

/**
 * `#2pp`, `2PP`, ` #2pP ` → `2PP`. A leading `#` is optional, case is ignored and the letter O is
 * read as the digit 0 (tags have no O; players copy them by eye). Anything else outside the tag
 * alphabet is refused, so no raw user text ever reaches a URL path.
 */
export function normalizeTag(input: string): TagResult {
  const tag = input.trim().replace(/^#/, '').toUpperCase().replace(/O/g, '0');
  if (tag.length === 0) return { ok: false, reason: 'is empty' };
  const bad = [...tag].find((character) => !TAG_ALPHABET.includes(character));
  if (bad !== undefined) return { ok: false, reason: `has "${bad}", which no tag contains (tags use only ${TAG_ALPHABET})` };
  if (!TAG.test(tag)) return { ok: false, reason: 'must be 3 to 14 characters long' };
  return { ok: true, tag };
}

/** The path segment for a normalised tag: `%23` + tag, as the official API wants it. */
export const tagSegment = (tag: string): string => `%23${tag}`;
