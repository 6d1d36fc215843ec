import type { z } from 'zod';
import type { ToolContent } from './protocol/tool-result.ts';
import type { InputShape, ToolAnnotations, ToolContext, ToolDefinition, ToolExecution } from './tool.ts';

/**
 * A tool whose result is raw MCP content (images, audio, embedded resources) rather than a
 * JSON object: it has no output schema and no structuredContent. Every pack tool returns
 * JSON through `defineTool`; this is the extension point for the rest.
 */
export interface ContentToolDefinition<Input extends InputShape = InputShape> {
  kind: 'content';
  name: string;
  title: string;
  description: string;
  inputSchema: Input;
  annotations?: ToolAnnotations;
  /** Client capabilities the tool needs, e.g. `{ sampling: {} }` (checked where the request declares them). */
  requiredClientCapabilities?: Record<string, Record<string, unknown>>;
  /** Runs as a task (long calls): see ToolExecution. */
  execution?: ToolExecution;
  handler(args: z.infer<Input>, context: ToolContext): Promise<ToolContent[]>;
}

export function defineContentTool<Input extends InputShape>(
  definition: Omit<ContentToolDefinition<Input>, 'kind'>,
): ContentToolDefinition<Input> {
  return { ...definition, kind: 'content' };
}

export function isContentTool(tool: ToolDefinition | ContentToolDefinition): tool is ContentToolDefinition {
  return 'kind' in tool && tool.kind === 'content';
}
