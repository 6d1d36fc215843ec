import { z } from 'zod';

/**
 * The cheap in-memory tool every benchmark server serves: the cost measured is the serving
 * path, not the tool. Schemas and the handler are shared so every server does the same work.
 */
export const addInput = z.object({ a: z.number().describe('First addend'), b: z.number().describe('Second addend') });
export const addOutput = z.object({ sum: z.number() });

export const ADD_TOOL = {
  name: 'add',
  title: 'Add',
  description: 'Adds two numbers.',
  annotations: { readOnlyHint: true, openWorldHint: false },
} as const;

export function add({ a, b }: z.infer<typeof addInput>): z.infer<typeof addOutput> {
  return { sum: a + b };
}

/** The MCP tool result for a structured value: the JSON as a text item and as structuredContent. */
export function toolResult(structuredContent: Record<string, unknown>) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(structuredContent) }], structuredContent };
}
