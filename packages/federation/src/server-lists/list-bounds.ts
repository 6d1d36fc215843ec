import type { ListBounds } from '../federation-settings.ts';
import { nestsDeeperThan } from '@toolgate/core/server';
import { keyOf, type ListedEntry, type ListKind } from './list-kinds.ts';

/** An entry left out of a server's list, and why (logged, and named on /healthz). */
export interface RefusedEntry {
  name: string;
  reason: string;
}

/** The entries of one list that may be served, with their JSON's size in bytes; and those left out. */
export interface CheckedList {
  entries: ListedEntry[];
  refused: RefusedEntry[];
  bytes: number;
}

/** A resource's URI (or a template's) longer than this is left out: no client needs more, and it is the server's to bound. */
export const MAX_URI_LENGTH = 8_192;

/** A name as logs and /healthz show it: the server's, so it is cut too. */
export const shownName = (name: string) => (name.length > 80 ? `${name.slice(0, 80)}…` : name);

/**
 * Why one entry may not be served, or undefined. Checked before anything serialises it: depth
 * first (JSON.stringify recurses), then the lengths of what a model or a client shows.
 */
function refusalOf(kind: ListKind, entry: ListedEntry, bounds: ListBounds): string | undefined {
  const name = entry.name;
  if (typeof name === 'string' && name.length > bounds.maxNameLength) return `its name is ${name.length} characters, more than MCP_LIST_MAX_NAME (${bounds.maxNameLength})`;
  const key = keyOf(kind, entry);
  if (kind.key !== 'name' && key.length > MAX_URI_LENGTH) return `its ${kind.key} is ${key.length} characters, more than ${MAX_URI_LENGTH}`;
  if (nestsDeeperThan(entry, bounds.maxDepth)) return `its JSON nests deeper than MCP_LIST_MAX_DEPTH (${bounds.maxDepth}) levels`;
  for (const field of ['description', 'title'] as const) {
    const value = entry[field];
    if (value !== undefined && typeof value !== 'string') return `its ${field} is not a string`;
    if (typeof value === 'string' && value.length > bounds.maxDescriptionLength) {
      return `its ${field} is ${value.length} characters, more than MCP_LIST_MAX_DESCRIPTION (${bounds.maxDescriptionLength})`;
    }
  }
  return undefined;
}

/**
 * One page of a server's list, checked entry by entry against the bounds and against the entries
 * already kept (`seen`: the first of a key is kept, a later one is left out, as model providers
 * refuse a request whose tools repeat a name, and one URI cannot read two resources). The whole
 * list's own bounds (count, bytes) are the caller's: see `readServerList`.
 */
export function checkEntries(kind: ListKind, listed: readonly ListedEntry[], bounds: ListBounds, seen: Set<string>): CheckedList {
  const checked: CheckedList = { entries: [], refused: [], bytes: 0 };
  for (const entry of listed) {
    const key = keyOf(kind, entry);
    const reason = seen.has(key) ? `another ${kind.noun} of this server already has its ${kind.key} (the first is kept)` : refusalOf(kind, entry, bounds);
    if (reason) {
      checked.refused.push({ name: shownName(key), reason });
      continue;
    }
    seen.add(key);
    checked.entries.push(entry);
    checked.bytes += Buffer.byteLength(JSON.stringify(entry));
  }
  return checked;
}
