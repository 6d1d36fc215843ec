import type { z } from 'zod';
import { ToolError, type ToolContext, type ToolDefinition } from '../tool.ts';

export interface CallToolResult extends Record<string, unknown> {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Outcome label for metrics and logs. */
export type CallOutcome = 'ok' | 'invalid_arguments' | 'tool_error' | 'internal_error';

export interface CallToolOutcome {
  result: CallToolResult;
  outcome: CallOutcome;
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Validates the arguments, runs the handler and wraps its result. Never throws: every
 * failure becomes an `isError` result, because the model can act on those.
 */
export async function callTool(tool: ToolDefinition, rawArguments: unknown, context: ToolContext): Promise<CallToolOutcome> {
  const parsed = tool.inputSchema.safeParse(rawArguments ?? {});
  if (!parsed.success) {
    return {
      outcome: 'invalid_arguments',
      result: errorResult(`Input validation error: Invalid arguments for tool ${tool.name}: ${describeIssues(parsed.error)}`),
    };
  }
  let value: unknown;
  try {
    value = await tool.handler(parsed.data, context);
  } catch (error) {
    if (error instanceof ToolError) return { outcome: 'tool_error', result: errorResult(error.message) };
    context.logger.error({ err: error, tool: tool.name }, 'tool handler failed');
    return {
      outcome: 'internal_error',
      result: errorResult(`Internal error in ${tool.name} (request id ${context.requestId}); the operator has the details.`),
    };
  }
  // Clients validate structuredContent against outputSchema, so a result that drifts from it
  // is reported here rather than sent.
  const output = tool.outputSchema.safeParse(value);
  if (!output.success) {
    context.logger.error({ tool: tool.name, issues: output.error.issues }, 'tool result does not match its output schema');
    return {
      outcome: 'internal_error',
      result: errorResult(`Internal error in ${tool.name} (request id ${context.requestId}): the result did not match the tool's output schema.`),
    };
  }
  const structuredContent = output.data as Record<string, unknown>;
  let text: string;
  try {
    text = JSON.stringify(structuredContent);
  } catch (error) {
    // Found by fuzzing: a result nested a few thousand levels deep (a tool that passes a
    // free-form argument through) overflows the stack here and used to become an HTTP 500.
    context.logger.error({ err: error, tool: tool.name }, 'tool result cannot be serialised');
    return {
      outcome: 'internal_error',
      result: errorResult(`Internal error in ${tool.name} (request id ${context.requestId}): the result could not be serialised as JSON.`),
    };
  }
  return { outcome: 'ok', result: { content: [{ type: 'text', text }], structuredContent } };
}
