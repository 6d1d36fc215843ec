import type { RemoteListedTool } from '@toolgate/core';
import type { ListBounds } from '../federation-settings.ts';
import { nestsDeeperThan } from './json-depth.ts';

/** A tool left out of a server's list, and why (logged, and named on /healthz). */
export interface RefusedTool {
  name: string;
  reason: string;
}

/** The tools of one list that may be served, each with its JSON's size in bytes; and those left out. */
export interface CheckedList {
  tools: RemoteListedTool[];
  refused: RefusedTool[];
  bytes: number;
}

/** A name as logs and /healthz show it: the server's, so it is cut too. */
export const shownName = (name: string) => (name.length > 80 ? `${name.slice(0, 80)}…` : name);

/**
 * Why one tool may not be served, or undefined. Checked before anything serialises the tool:
 * depth first (JSON.stringify recurses), then the lengths of what a model reads.
 */
function refusalOf(tool: RemoteListedTool, bounds: ListBounds): string | undefined {
  if (tool.name.length > bounds.maxNameLength) return `its name is ${tool.name.length} characters, more than MCP_LIST_MAX_NAME (${bounds.maxNameLength})`;
  if (nestsDeeperThan(tool, bounds.maxDepth)) return `its JSON nests deeper than MCP_LIST_MAX_DEPTH (${bounds.maxDepth}) levels`;
  for (const field of ['description', 'title'] as const) {
    const value = tool[field];
    if (value !== undefined && typeof value !== 'string') return `its ${field} is not a string`;
    if (typeof value === 'string' && value.length > bounds.maxDescriptionLength) {
      return `its ${field} is ${value.length} characters, more than MCP_LIST_MAX_DESCRIPTION (${bounds.maxDescriptionLength})`;
    }
  }
  return undefined;
}

/**
 * One page of a server's list, checked tool by tool against the bounds and against the tools
 * already kept (`seen`: the first of a name is kept, a later one is left out, as model providers
 * refuse a request whose tools repeat a name). The whole list's own bounds (count, bytes) are the
 * caller's: see `readToolList`.
 */
export function checkTools(listed: readonly RemoteListedTool[], bounds: ListBounds, seen: Set<string>): CheckedList {
  const checked: CheckedList = { tools: [], refused: [], bytes: 0 };
  for (const tool of listed) {
    const reason = seen.has(tool.name) ? 'another tool of this server already has its name (the first is kept)' : refusalOf(tool, bounds);
    if (reason) {
      checked.refused.push({ name: shownName(tool.name), reason });
      continue;
    }
    seen.add(tool.name);
    checked.tools.push(tool);
    checked.bytes += Buffer.byteLength(JSON.stringify(tool));
  }
  return checked;
}
