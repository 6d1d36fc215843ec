import type { CallToolResult } from './protocol/tool-result.ts';
import type { ToolContext } from './tool.ts';

/**
 * A tool as another MCP server lists it: passed on verbatim (its JSON Schemas, title,
 * annotations, `_meta` and any field toolgate does not know), never rebuilt from zod.
 */
export interface RemoteListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * The tools of a pack that fronts another MCP server (packages/federation). The list may change
 * at any time (the server's `tools/list_changed`, a reconnect), so it is read on every
 * `tools/list`; calls are forwarded as they are and answered with the server's result unchanged.
 * A changed list is a new array, not the old one edited: the combined endpoint (`/mcp`) re-reads
 * who owns which name only when `list()` returns a different array.
 */
export interface RemoteTools {
  list(): readonly RemoteListedTool[];
  /**
   * Forwards one call. A fault (unreachable, timed out, a refusal) is a result with `isError: true`
   * the caller can act on; a throw is reported as an internal error. `params` are the request's
   * whole params as sent (the server's own tool name, `task`, `_meta`, a 2026 round's
   * `inputResponses` and `requestState`); the result may be a CreateTaskResult or an
   * `input_required` result, passed on as it is.
   */
  call(name: string, args: Record<string, unknown> | undefined, context: ToolContext, params?: Record<string, unknown>): Promise<CallToolResult>;
  /**
   * The answer to a call of a tool the list does not hold, when the pack has a better one than
   * "not found" (its server is unreachable, so its tools are unknown). Not counted in metrics:
   * the name is the caller's, not the server's.
   */
  unlisted?(name: string): CallToolResult | undefined;
}
