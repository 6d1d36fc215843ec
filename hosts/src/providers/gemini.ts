import { isJson, type Json, type ProviderRules, type SentTool } from './types.ts';

/** The fields of Gemini's Schema object (its OpenAPI 3.0 subset); any other is "Unknown name". */
const SCHEMA_FIELDS = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'minProperties',
  'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum',
]);

interface Declaration {
  name: string;
  parameters?: Json;
  parametersJsonSchema?: Json;
}

function declarations(body: Json): Declaration[] {
  const tools = Array.isArray(body.tools) ? (body.tools as Json[]) : [];
  return tools.flatMap((tool) => (Array.isArray(tool.functionDeclarations) ? (tool.functionDeclarations as Declaration[]) : []));
}

/** `parameters` is a proto message: unknown fields and lists where one value goes are refused. */
function schemaRefusals(schema: Json, at: string): string[] {
  const refusals: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (!SCHEMA_FIELDS.has(key)) {
      refusals.push(`Invalid JSON payload received. Unknown name "${key}" at '${at}': Cannot find field.`);
      continue;
    }
    if (key === 'type' && Array.isArray(value)) refusals.push(`Invalid value at '${at}.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type): Proto field is not repeating, cannot start list.`);
    if (key === 'properties' && isJson(value)) {
      for (const [name, sub] of Object.entries(value)) if (isJson(sub)) refusals.push(...schemaRefusals(sub, `${at}.properties[${name}].value`));
    }
    if (key === 'items' && isJson(value)) refusals.push(...schemaRefusals(value, `${at}.items`));
    if (key === 'anyOf' && Array.isArray(value)) value.forEach((sub, index) => isJson(sub) && refusals.push(...schemaRefusals(sub, `${at}.any_of[${index}]`)));
  }
  return refusals;
}

function refusalsOf(declaration: Declaration, index: number): string[] {
  const at = `tools[0].function_declarations[${index}]`;
  if (declaration.parameters) return schemaRefusals(declaration.parameters, `${at}.parameters`);
  // parametersJsonSchema takes JSON Schema; its root must describe an object of arguments.
  if (declaration.parametersJsonSchema && declaration.parametersJsonSchema.type !== 'object') {
    return [`* GenerateContentRequest.${at}.parameters_json_schema: must be an object schema`];
  }
  return [];
}

export const gemini: ProviderRules = {
  name: 'Gemini',
  matches: (url) => /generativelanguage\.googleapis\.com\/.*:(generateContent|streamGenerateContent)/.test(url),
  tools: (body): SentTool[] =>
    declarations(body).map((declaration) =>
      declaration.parameters
        ? { name: declaration.name, parameters: declaration.parameters, dialect: 'gemini-openapi' }
        : { name: declaration.name, parameters: declaration.parametersJsonSchema ?? {}, dialect: 'json-schema' },
    ),
  refusals: (body) => declarations(body).flatMap(refusalsOf),
};
