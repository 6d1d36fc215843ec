import { isJson, type Json, type ProviderRules, type SentTool } from './types.ts';

const NAME = /^[a-zA-Z0-9_-]{1,128}$/;

function customTools(body: Json): Json[] {
  return (Array.isArray(body.tools) ? (body.tools as Json[]) : []).filter((tool) => tool.type === undefined || tool.type === 'custom');
}

/** The Messages API's 400 messages for custom tools, as it words them. */
function refusalsOf(tool: Json, index: number): string[] {
  const at = `tools.${index}.custom`;
  const schema = tool.input_schema;
  if (!isJson(schema)) return [`${at}.input_schema: Field required`];
  const refusals: string[] = [];
  if (!NAME.test(String(tool.name))) refusals.push(`${at}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
  if (schema.type !== 'object') refusals.push(`${at}.input_schema.type: Input should be 'object'`);
  if (['oneOf', 'allOf', 'anyOf'].some((key) => key in schema)) refusals.push(`${at}: input_schema does not support oneOf, allOf, or anyOf at the top level`);
  return refusals;
}

export const anthropic: ProviderRules = {
  name: 'Anthropic',
  matches: (url) => /api\.anthropic\.com\/v1\/messages(\?|$)/.test(url),
  tools: (body): SentTool[] =>
    customTools(body).map((tool) => ({ name: String(tool.name), parameters: isJson(tool.input_schema) ? tool.input_schema : {}, dialect: 'json-schema' })),
  refusals: (body) => customTools(body).flatMap(refusalsOf),
};
