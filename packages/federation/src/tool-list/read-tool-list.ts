import type { RemoteListedTool } from '@toolgate/core';
import { z } from 'zod';
import { AnswerTooLargeError } from '../bounded-fetch.ts';
import type { ListBounds } from '../federation-settings.ts';
import { checkTools, shownName, type RefusedTool } from './list-bounds.ts';

/** How many pages of tools/list are read before the rest is ignored: a guard against a cursor loop. */
const MAX_LIST_PAGES = 50;

/** A tool as the page must hold it to be served: loose on purpose, passed on verbatim. */
const listedToolSchema = z.looseObject({ name: z.string().min(1), inputSchema: z.looseObject({}) });

/** One page of a server's `tools/list`, as read: every tool is checked on its own. */
export interface ListPage {
  tools: unknown[];
  nextCursor?: string | undefined;
}

/** What a server's list gives: the tools to serve and those left out, or why the whole list is. */
export type ToolListOutcome = { tools: RemoteListedTool[]; refused: RefusedTool[] } | { problem: string };

/**
 * Reads a server's whole tool list, page by page, within the bounds: a tool that breaks one is
 * left out (and said why); a list that breaks the count or byte bound is refused whole, read no
 * further than the bound. `serves` (allowTools, denyTools) applies first: a tool the operator
 * left out costs nothing. A failure to read (unreachable, timed out) is thrown.
 */
export async function readToolList(page: (cursor: string | undefined) => Promise<ListPage>, bounds: ListBounds, serves: (tool: string) => boolean): Promise<ToolListOutcome> {
  const seen = new Set<string>();
  const tools: RemoteListedTool[] = [];
  const refused: RefusedTool[] = [];
  let count = 0;
  let bytes = 0;
  let cursor: string | undefined;
  for (let index = 0; index < MAX_LIST_PAGES; index += 1) {
    let listed: ListPage;
    try {
      listed = await page(cursor);
    } catch (error) {
      if (error instanceof AnswerTooLargeError) return { problem: `a page of it is larger than MCP_LIST_MAX_BYTES (${bounds.maxBytes} bytes)` };
      throw error;
    }
    const wellFormed: RemoteListedTool[] = [];
    for (const tool of listed.tools) {
      const parsed = listedToolSchema.safeParse(tool);
      if (!parsed.success) refused.push({ name: nameOf(tool), reason: 'it is not a tool (a name and an inputSchema object)' });
      else if (serves(parsed.data.name)) wellFormed.push(tool as RemoteListedTool);
    }
    count += wellFormed.length;
    if (count > bounds.maxItems) return { problem: `it lists more than MCP_LIST_MAX_ITEMS (${bounds.maxItems}) tools` };
    const checked = checkTools(wellFormed, bounds, seen);
    bytes += checked.bytes;
    if (bytes > bounds.maxBytes) return { problem: `its tools come to more than MCP_LIST_MAX_BYTES (${bounds.maxBytes} bytes) of JSON` };
    tools.push(...checked.tools);
    refused.push(...checked.refused);
    cursor = listed.nextCursor;
    if (!cursor) break;
  }
  return { tools, refused };
}

function nameOf(tool: unknown): string {
  const name = typeof tool === 'object' && tool !== null ? (tool as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? shownName(name) : '(no name)';
}
