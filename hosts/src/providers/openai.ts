import { isJson, subSchemas, type Json, type ProviderRules, type SentTool } from './types.ts';

const ROOT_FORBIDDEN = ['oneOf', 'anyOf', 'allOf', 'enum', 'not'];
/** Structured Outputs' documented unsupported keywords (strict mode). */
const STRICT_UNSUPPORTED = ['allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'patternProperties', 'unevaluatedProperties', 'propertyNames'];

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

const context = (path: string[]) => `context=(${path.map((part) => `'${part}'`).join(', ')}${path.length === 1 ? ',' : ''})`;

/** OpenAI's 400 messages for function parameters, as its API words them. */
function refusalsOf(tool: FunctionTool): string[] {
  const prefix = `Invalid schema for function '${tool.name}':`;
  const root = tool.parameters;
  if (root.type !== 'object' || ROOT_FORBIDDEN.some((key) => key in root)) {
    return [`${prefix} schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.`];
  }
  if (!tool.strict) return [];
  const refusals: string[] = [];
  for (const [path, node] of subSchemas(root)) {
    for (const keyword of STRICT_UNSUPPORTED) if (keyword in node) refusals.push(`${prefix} In ${context(path)}, '${keyword}' is not permitted.`);
    const isObject = node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'));
    if (!isObject) continue;
    if (node.additionalProperties !== false) refusals.push(`${prefix} In ${context(path)}, 'additionalProperties' is required to be supplied and to be false.`);
    const required = Array.isArray(node.required) ? node.required : [];
    const missing = Object.keys(isJson(node.properties) ? node.properties : {}).filter((key) => !required.includes(key));
    if (missing.length > 0) refusals.push(`${prefix} In ${context(path)}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`);
  }
  return refusals;
}

export const openai: ProviderRules = {
  name: 'OpenAI',
  matches: (url) => /api\.openai\.com\/v1\/(responses|chat\/completions)$/.test(url),
  tools: (body): SentTool[] => functionTools(body).map(({ name, parameters, strict }) => ({ name, parameters, strict, dialect: 'json-schema' })),
  refusals: (body) => functionTools(body).flatMap(refusalsOf),
};
