import { z } from 'zod';
import { InputRequired } from '../../ask-client.ts';
import { isContentTool } from '../../content-tool.ts';
import type { AnyToolDefinition } from '../../pack.ts';
import { errorResult, toolContentSchema, type CallToolOutcome } from '../../protocol/tool-result.ts';
import { ToolError, type ToolContext, type ToolDefinition } from '../../tool.ts';
import { nullAsAbsent } from './null-as-absent.ts';

const contentListSchema = z.array(toolContentSchema);

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Validates the arguments, runs the handler and wraps its result. Never throws: every
 * failure becomes an `isError` result, because the model can act on those.
 */
export async function callTool(tool: AnyToolDefinition, rawArguments: unknown, context: ToolContext): Promise<CallToolOutcome> {
  const parsed = tool.inputSchema.safeParse(nullAsAbsent(tool.inputSchema, rawArguments ?? {}));
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
    // A 2026 round asking the client: not a failure, the request's end (request-rounds.ts).
    if (error instanceof InputRequired) throw error;
    if (error instanceof ToolError) return { outcome: 'tool_error', result: errorResult(error.message) };
    // The client cancelled (notifications/cancelled, tasks/cancel) or went away: not the tool's failure.
    if (context.signal.aborted) return { outcome: 'cancelled', result: errorResult(`The call to ${tool.name} was cancelled before it finished.`) };
    context.logger.error({ err: error, tool: tool.name }, 'tool handler failed');
    return {
      outcome: 'internal_error',
      result: errorResult(`Internal error in ${tool.name} (request id ${context.requestId}); the operator has the details.`),
    };
  }
  return isContentTool(tool) ? contentResult(tool.name, value, context) : structuredResult(tool, value, context);
}

function driftResult(tool: string, context: ToolContext, issues: z.core.$ZodIssue[], what: string): CallToolOutcome {
  context.logger.error({ tool, issues }, `tool result does not match its ${what}`);
  return {
    outcome: 'internal_error',
    result: errorResult(`Internal error in ${tool} (request id ${context.requestId}): the result did not match the tool's ${what}.`),
  };
}

// Clients validate structuredContent against outputSchema, so a result that drifts from it
// is reported here rather than sent.
function structuredResult(tool: ToolDefinition, value: unknown, context: ToolContext): CallToolOutcome {
  const output = tool.outputSchema.safeParse(value);
  if (!output.success) return driftResult(tool.name, context, output.error.issues, 'output schema');
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

function contentResult(tool: string, value: unknown, context: ToolContext): CallToolOutcome {
  const content = contentListSchema.safeParse(value);
  if (!content.success) return driftResult(tool, context, content.error.issues, 'content format');
  return { outcome: 'ok', result: { content: content.data } };
}
