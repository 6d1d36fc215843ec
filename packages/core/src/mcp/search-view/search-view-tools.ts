import { z } from 'zod';
import { MAX_QUERY_CHARS } from '@toolgate/tool-search';
import { publishableSchema } from '../tools/publishable-schema.ts';

/** The most tools one search returns: each comes with its schemas, and a model reads them all. */
export const MAX_SEARCH_LIMIT = 20;
export const DEFAULT_SEARCH_LIMIT = 5;

export const SEARCH_TOOLS = 'search_tools';
export const CALL_TOOL = 'call_tool';

export const searchToolsInput = z.strictObject({
  query: z.string().trim().min(1).max(MAX_QUERY_CHARS).describe('What you want to do, in your own words ("any gigs in Berlin this weekend", "wallet balance")'),
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional().describe(`How many tools to return, 1 to ${MAX_SEARCH_LIMIT} (default ${DEFAULT_SEARCH_LIMIT})`),
});

/** Models often send a nested object as its JSON text: taken as the object it holds. */
const objectFromJsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : value;
  } catch {
    return value;
  }
};

export const callToolInput = z.strictObject({
  name: z.string().min(1).max(256).describe('The tool name search_tools gave'),
  arguments: z.preprocess(objectFromJsonText, z.record(z.string(), z.unknown())).optional().describe("The tool's arguments, as its inputSchema says (default {})"),
});

const foundTool = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
});

const searchToolsOutput = z.object({
  query: z.string(),
  count: z.number().int(),
  tools: z.array(foundTool).describe('Best first'),
});

/** As every pack's tools are published (tool-catalog.ts): the form every model provider takes. */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output', tool: string) => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Record<string, unknown>;
  return publishableSchema(json, io, tool);
};

/**
 * The two tools the search view lists instead of every tool, built once: a client pays for these
 * two in every request instead of for every pack's.
 */
export const SEARCH_VIEW_TOOLS = [
  {
    name: SEARCH_TOOLS,
    title: 'Search tools',
    description:
      'Finds the tools that can do what you ask, best first, among every tool this server has for you: describe the task in your own words. Each result has the name to pass to call_tool and its inputSchema (the arguments it takes).',
    inputSchema: jsonSchema(searchToolsInput, 'input', SEARCH_TOOLS),
    outputSchema: jsonSchema(searchToolsOutput, 'output', SEARCH_TOOLS),
    annotations: { title: 'Search tools', readOnlyHint: true, openWorldHint: false },
  },
  {
    name: CALL_TOOL,
    title: 'Call a tool',
    description:
      "Calls a tool search_tools found, by its name, with its arguments, and returns the tool's own result unchanged. Search first: the name and the arguments must be the tool's.",
    inputSchema: jsonSchema(callToolInput, 'input', CALL_TOOL),
    annotations: { title: 'Call a tool', openWorldHint: true },
  },
] as const;

export type FoundTool = z.infer<typeof foundTool>;
