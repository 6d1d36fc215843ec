/**
 * The path segment for an artist name. Bandsintown's v3 documentation asks for `/`, `?`, `*` and `"`
 * to be sent as `%252F`, `%253F`, `%252A` and `%27C`; everything else is percent-encoded, so no user
 * text reaches the path as it was typed. `id_<n>` (an artist id) passes as it is.
 */
export function artistPathSegment(name: string): string {
  const special: Record<string, string> = { '/': '%252F', '?': '%253F', '*': '%252A', '"': '%27C' };
  return Array.from(name, (character) => special[character] ?? encodeURIComponent(character)).join('');
}
