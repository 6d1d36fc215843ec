import { createToolIndex, type SearchableTool, type ToolIndex } from '@toolgate/tool-search';
import type { Pack } from '../../pack.ts';
import type { RemoteListedTool } from '../../remote-tools.ts';

/**
 * A tool as an endpoint lists it (its own name at a pack's URL, `<pack>_<tool>` at `/mcp`): the
 * shape a fronted server's tools have, which every listed tool fits.
 */
export type ListedTool = RemoteListedTool;

export interface ViewIndex {
  tools: readonly ListedTool[];
  index: ToolIndex;
}

/** Which pack serves a listed name, and the tool's own name there. */
export type PackOf = (name: string) => { pack: Pack; tool: string } | undefined;

/**
 * The search index of one endpoint, following its tool list: rebuilt when the list changes (a
 * fronted server's `tools/list_changed`, a reconnect: its tools are new objects then), never per
 * query. Checking costs one comparison per tool: built-in packs list the same objects every time.
 */
export function followingIndex(packOf: PackOf): (tools: readonly ListedTool[]) => ViewIndex {
  let built: ViewIndex | undefined;
  const same = (tools: readonly ListedTool[]) => built !== undefined && built.tools.length === tools.length && tools.every((tool, at) => tool === built!.tools[at]);
  return (tools) => {
    if (same(tools)) return built!;
    const searchable: SearchableTool[] = [];
    const packs = new Map<string, Pack>();
    for (const listed of tools) {
      const owner = packOf(listed.name);
      const pack = owner?.pack.name ?? '';
      if (owner) packs.set(pack, owner.pack);
      searchable.push({ pack, tool: owner?.tool ?? listed.name, title: listed.title, description: listed.description, inputSchema: listed.inputSchema });
    }
    const index = createToolIndex(searchable, {
      synonymsOf: (pack) => packs.get(pack)?.synonyms,
      namesOf: (tool, doc) => [tools[doc]!.name, tool.tool],
    });
    built = { tools: [...tools], index };
    return built;
  };
}
