/**
 * How the combined endpoint (`/mcp`) names a pack's tool: `<pack>_<tool>`, e.g.
 * `quotes_random_quote`. The pack's name, not its path segment: a name survives `<PACK>_SEGMENT`,
 * and it is the `<pack>` of COMBINED_INCLUDE/COMBINED_EXCLUDE and of the per-key policy.
 */
export function combinedToolName(pack: string, tool: string): string {
  return `${pack}_${tool}`;
}

/**
 * The names every major client and model provider accepts (Anthropic's and OpenAI's tool-name
 * rule; Cursor and VS Code refuse others). A combined name outside it is left out of `/mcp`.
 */
export const CLIENT_SAFE_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
