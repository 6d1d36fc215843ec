/**
 * JSON with every object's keys sorted, pretty-printed: two definitions that say the same thing
 * read the same, whatever order a server writes its keys in, and a diff of two shows what changed.
 * Called only on what passed the list bounds (depth at most MCP_LIST_MAX_DEPTH), or on the
 * operator's own lock file.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value), null, 2);
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.keys(value)
    .sort()
    .map((key) => [key, sorted((value as Record<string, unknown>)[key])] as const);
  return Object.fromEntries(entries);
}
