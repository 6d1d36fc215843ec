import type { z } from 'zod';
import type { Logger } from 'pino';
import type { ClientChannel } from './client-channel.ts';

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
  /** The way back to the client during the request (progress, log lines, questions); absent where nothing can reach it. */
  client?: ClientChannel;
  /** Present when this call may run as a task (the tool supports tasks and the client can take one). */
  task?: TaskControl;
}

/** How a call becomes a task (2025-11-25 task augmentation, the 2026-07-28 tasks extension). */
export interface TaskControl {
  /**
   * Answers the client now with the task, and lets the handler run on as it: from then on
   * `context.client`'s questions wait in the task (input_required) and `context.signal` is the
   * task's (tasks/cancel). A tool that runs as a task from its start never needs to call it.
   */
  detach(): Promise<void>;
}

/** Whether a tool runs as a task (SEP-1686, SEP-2663), and when the call becomes one. */
export interface ToolExecution {
  /** `optional`: a task when the client can take one; `required`: only as a task (other clients are refused). */
  taskSupport: 'optional' | 'required';
  /** `start` (default): the call is a task from its start; `handler`: when the handler calls `context.task.detach()` (after asking the client first, say). */
  detach?: 'start' | 'handler';
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
  /** Runs as a task (long calls): see ToolExecution. */
  execution?: ToolExecution;
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
