import { z } from 'zod';

const resourceContents = z.union([
  z.object({ uri: z.string(), mimeType: z.string().optional(), text: z.string() }),
  z.object({ uri: z.string(), mimeType: z.string().optional(), blob: z.string() }),
]);

/** The MCP content items a tool result may hold; a content tool's are checked before they are sent. */
export const toolContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image'), data: z.base64(), mimeType: z.string() }),
  z.object({ type: z.literal('audio'), data: z.base64(), mimeType: z.string() }),
  z.object({ type: z.literal('resource'), resource: resourceContents }),
  z.object({ type: z.literal('resource_link'), uri: z.string(), name: z.string(), mimeType: z.string().optional(), description: z.string().optional() }),
]);

export type ToolContent = z.infer<typeof toolContentSchema>;

/** A `tools/call` result, built in or forwarded from another server. */
export interface CallToolResult extends Record<string, unknown> {
  content: ToolContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** How a tool call ended, as metrics, traces and the audit line label it. */
/** `input_required`: a 2026-07-28 round ended asking the client (SEP-2322); `cancelled`: the client cancelled or went away. */
export type CallOutcome = 'ok' | 'invalid_arguments' | 'tool_error' | 'internal_error' | 'input_required' | 'cancelled';

export interface CallToolOutcome {
  result: CallToolResult;
  outcome: CallOutcome;
}

/** A result the caller (a model) can act on: `isError` with a message, not a protocol error. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
