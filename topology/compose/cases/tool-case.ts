/** One call of one tool, and what part of its answer proves the pack really did the work. */
export interface ToolCase {
  pack: string;
  tool: string;
  arguments: Record<string, unknown>;
  expected: Record<string, unknown>;
}

/** `expected` for a list field holding an item that has `fields`. */
export const holding = (fields: Record<string, unknown>) => expect.arrayContaining([expect.objectContaining(fields)]);
