import { AnswerTooLargeError } from '../bounded-fetch.ts';
import type { ListBounds } from '../federation-settings.ts';
import { checkEntries, shownName, type RefusedEntry } from './list-bounds.ts';
import type { ListedEntry, ListKind } from './list-kinds.ts';

/** How many pages of a list are read before the rest is ignored: a guard against a cursor loop. */
const MAX_LIST_PAGES = 50;

/** One page of a server's list, as read: its entries (the kind's field), every one checked on its own. */
export interface ListPage {
  entries: unknown[];
  nextCursor?: string | undefined;
}

/** What a server's list gives: the entries to serve and those left out, or why the whole list is. */
export type ListOutcome = { entries: ListedEntry[]; refused: RefusedEntry[] } | { problem: string };

/**
 * Reads one of a server's lists, page by page, within the bounds: an entry that breaks one is
 * left out (and said why); a list that breaks the count or byte bound is refused whole, read no
 * further than the bound. `serves` (allowTools, denyTools for tools) applies first: an entry the
 * operator left out costs nothing. A failure to read (unreachable, timed out) is thrown.
 */
export async function readServerList(
  kind: ListKind,
  page: (cursor: string | undefined) => Promise<ListPage>,
  bounds: ListBounds,
  serves: (key: string) => boolean = () => true,
): Promise<ListOutcome> {
  const seen = new Set<string>();
  const entries: ListedEntry[] = [];
  const refused: RefusedEntry[] = [];
  let count = 0;
  let bytes = 0;
  let cursor: string | undefined;
  const plural = `${kind.noun}s`;
  for (let index = 0; index < MAX_LIST_PAGES; index += 1) {
    let listed: ListPage;
    try {
      listed = await page(cursor);
    } catch (error) {
      if (error instanceof AnswerTooLargeError) return { problem: `a page of it is larger than MCP_LIST_MAX_BYTES (${bounds.maxBytes} bytes)` };
      throw error;
    }
    const wellFormed: ListedEntry[] = [];
    for (const entry of listed.entries) {
      const parsed = kind.schema.safeParse(entry);
      if (!parsed.success) refused.push({ name: keyShown(entry, kind.key), reason: `it is not a ${kind.noun} (${kind.shape})` });
      else if (serves((entry as ListedEntry)[kind.key] as string)) wellFormed.push(entry as ListedEntry);
    }
    count += wellFormed.length;
    if (count > bounds.maxItems) return { problem: `it lists more than MCP_LIST_MAX_ITEMS (${bounds.maxItems}) ${plural}` };
    const checked = checkEntries(kind, wellFormed, bounds, seen);
    bytes += checked.bytes;
    if (bytes > bounds.maxBytes) return { problem: `its ${plural} come to more than MCP_LIST_MAX_BYTES (${bounds.maxBytes} bytes) of JSON` };
    entries.push(...checked.entries);
    refused.push(...checked.refused);
    cursor = listed.nextCursor;
    if (!cursor) break;
  }
  return { entries, refused };
}

function keyShown(entry: unknown, key: string): string {
  const value = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? shownName(value) : `(no ${key})`;
}
