import type { z } from 'zod';
import type { Logger } from 'pino';

/** MCP tool annotations: hints a client may show or use to decide on confirmation. */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What a handler gets besides its arguments. */
export interface ToolContext {
  /** What the client declared in a 2026-07-28 request envelope; unknown (undefined) for 2025-era requests. */
  clientCapabilities?: Record<string, unknown>;
  /** Aborted when the client goes away or the server shuts down. */
  signal: AbortSignal;
  requestId: string;
  logger: Logger;
}

export type InputShape = z.ZodObject;

export interface ToolDefinition<Input extends InputShape = InputShape, Output extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  inputSchema: Input;
  outputSchema: Output;
  annotations?: ToolAnnotations;
  /** Client capabilities the tool needs, e.g. `{ sampling: {} }` (checked where the request declares them). */
  requiredClientCapabilities?: Record<string, Record<string, unknown>>;
  // Method syntax on purpose: it lets a pack hold tools of different argument types in one list.
  handler(args: z.infer<Input>, context: ToolContext): Promise<z.infer<Output>>;
}

/** Declares a tool; the types of the handler's arguments and result come from the schemas. */
export function defineTool<Input extends InputShape, Output extends z.ZodType>(
  definition: ToolDefinition<Input, Output>,
): ToolDefinition<Input, Output> {
  return definition;
}

/**
 * A failure the caller can act on: it becomes a tool result with `isError: true`
 * and this message, not a protocol error.
 */
export class ToolError extends Error {
  // Typed as string so subclasses (UpstreamError) can name themselves.
  override readonly name: string = 'ToolError';
}
