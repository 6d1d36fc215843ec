import type { ContentToolDefinition } from './content-tool.ts';
import type { RemoteTools } from './remote-tools.ts';
import type { ToolDefinition } from './tool.ts';

/** Either kind of tool: JSON-returning (`defineTool`) or raw-content (`defineContentTool`). */
export type AnyToolDefinition = ToolDefinition | ContentToolDefinition;

/** A group of tools served together at `/<segment>/mcp`. */
export interface Pack {
  /** Stable name: `chain`, `quotes`, … Also the default path segment. */
  name: string;
  version: string;
  /** Shown to clients at initialize / server/discover. */
  instructions?: string;
  tools: AnyToolDefinition[];
  /**
   * Tool search's vocabulary for this pack (`/mcp?view=search`): groups of words or phrases its
   * users say for the same thing (`['gig', 'concert', 'show']`). A tool whose text holds one entry
   * of a group is also found by the others; groups apply to this pack's tools only.
   */
  synonyms?: readonly (readonly string[])[];
  /** Tools another MCP server serves (a remote or stdio pack); listed after `tools`. */
  remoteTools?: RemoteTools;
}

export function definePack(pack: Pack): Pack {
  const names = new Set<string>();
  for (const tool of pack.tools) {
    if (names.has(tool.name)) throw new Error(`pack ${pack.name}: tool ${tool.name} is declared twice`);
    names.add(tool.name);
  }
  return pack;
}
