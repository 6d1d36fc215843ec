import type { FoundTool } from './search-view-tools.ts';
import type { ListedTool } from './view-index.ts';

/**
 * search_tools' answer: the tools found as structuredContent (each with its name, title,
 * description and schemas, as tools/list gives them) and as text a model reads as well: one
 * paragraph a tool, its arguments' schema in compact JSON.
 */
export function foundToolsResult(query: string, found: readonly ListedTool[]): { content: { type: 'text'; text: string }[]; structuredContent: Record<string, unknown> } {
  const tools: FoundTool[] = found.map((tool) => ({
    name: tool.name,
    ...(typeof tool.title === 'string' ? { title: tool.title } : {}),
    ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
  }));
  const text =
    tools.length === 0
      ? `No tool matches "${query}". Try other words: what you want done, or the kind of thing it is about.`
      : [
          `${tools.length} tool${tools.length === 1 ? '' : 's'} for "${query}", best first. Call one with call_tool {"name": "<name>", "arguments": {...}}.`,
          ...tools.map((tool, at) => `${at + 1}. ${tool.name}${tool.title ? ` (${tool.title})` : ''}: ${tool.description ?? ''}\n   arguments: ${JSON.stringify(tool.inputSchema)}`),
        ].join('\n');
  return { content: [{ type: 'text', text }], structuredContent: { query, count: tools.length, tools } };
}
