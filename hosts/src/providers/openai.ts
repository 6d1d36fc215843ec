import { openAiRootRefusal, openAiStrictRefusals } from '@toolgate/core/server';
import { isJson, type Json, type ProviderRules, type SentTool } from './types.ts';

interface FunctionTool {
  name: string;
  parameters: Json;
  strict: boolean;
}

/** Chat Completions nests the function (`{type, function: {…}}`); the Responses API does not. */
function functionTools(body: Json): FunctionTool[] {
  const tools = Array.isArray(body.tools) ? (body.tools as Json[]) : [];
  return tools
    .filter((tool) => tool.type === 'function')
    .map((tool) => (isJson(tool.function) ? tool.function : tool))
    .map((tool) => ({ name: String(tool.name), parameters: isJson(tool.parameters) ? tool.parameters : {}, strict: tool.strict === true }));
}

/** OpenAI's 400 messages for function parameters (core's rules, shared with the gateway's check of fronted tools). */
function refusalsOf(tool: FunctionTool): string[] {
  if (tool.strict) return openAiStrictRefusals(tool.name, tool.parameters);
  const root = openAiRootRefusal(tool.name, tool.parameters);
  return root ? [root] : [];
}

export const openai: ProviderRules = {
  name: 'OpenAI',
  matches: (url) => /api\.openai\.com\/v1\/(responses|chat\/completions)$/.test(url),
  tools: (body): SentTool[] => functionTools(body).map(({ name, parameters, strict }) => ({ name, parameters, strict, dialect: 'json-schema' })),
  refusals: (body) => functionTools(body).flatMap(refusalsOf),
};
