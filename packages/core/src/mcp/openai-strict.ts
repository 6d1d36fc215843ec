/**
 * OpenAI's strict mode for function tools (`strict: true`, Structured Outputs): the rules its API
 * enforces on a tool's parameters, worded as its 400 messages, and the conversion a strict host
 * applies before sending (the OpenAI Agents SDK's `convertSchemasToStrict`). The rules are those
 * of OpenAI's Structured Outputs guide, "Supported schemas": every node typed (or an `anyOf` of
 * typed branches, or a `$ref`), every object closed with every property required, the supported
 * keywords only, an object at the root. One refused tool refuses the whole request, so the
 * gateway says which fronted tools would be (federation's log, the page), and `hosts/` checks
 * every pack's tools with the same rules.
 */
export type JsonSchema = Record<string, unknown>;

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/**
 * The keywords strict mode takes: the guide's supported types and properties, definitions and
 * references, and the annotations the Agents SDK passes on as metadata. `minLength`/`maxLength`
 * are refused only for fine-tuned models (the guide's "not yet supported" list). Everything else
 * (allOf, not, if/then/else, oneOf, patternProperties, uniqueItems, …) is refused.
 */
const SUPPORTED = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'enum', 'const', '$ref', '$defs', 'definitions',
  'pattern', 'format', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems',
  'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$schema', '$id', '$anchor', '$comment',
]);

const ROOT_FORBIDDEN = ['oneOf', 'anyOf', 'allOf', 'enum', 'not'];

const context = (path: string[]) => `context=(${path.map((part) => `'${part}'`).join(', ')}${path.length === 1 ? ',' : ''})`;

const typesOf = (node: JsonSchema): string[] => (typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type.map(String) : []);

/** Every schema node with its path (as OpenAI's messages give it), the root included. */
function* nodes(schema: JsonSchema, path: string[] = []): Generator<[string[], JsonSchema]> {
  yield [path, schema];
  for (const key of ['properties', '$defs', 'definitions']) {
    const map = schema[key];
    if (isSchema(map)) for (const [name, sub] of Object.entries(map)) if (isSchema(sub)) yield* nodes(sub, [...path, key, name]);
  }
  for (const key of ['items', 'additionalProperties', 'not']) if (isSchema(schema[key])) yield* nodes(schema[key] as JsonSchema, [...path, key]);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const [index, sub] of list.entries()) if (isSchema(sub)) yield* nodes(sub, [...path, key, String(index)]);
  }
}

/** What OpenAI answers a function tool's parameters with (400 messages); empty: it takes them. */
export function openAiRootRefusal(tool: string, parameters: JsonSchema): string | undefined {
  if (parameters.type === 'object' && !ROOT_FORBIDDEN.some((key) => key in parameters)) return undefined;
  return `Invalid schema for function '${tool}': schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.`;
}

/** What OpenAI answers a tool sent with `strict: true`, its parameters as sent; empty: it takes it. */
export function openAiStrictRefusals(tool: string, parameters: JsonSchema): string[] {
  const root = openAiRootRefusal(tool, parameters);
  if (root) return [root];
  const prefix = `Invalid schema for function '${tool}': In`;
  const refusals: string[] = [];
  for (const [path, node] of nodes(parameters)) {
    const at = `${prefix} ${context(path)}`;
    for (const keyword of Object.keys(node)) if (!SUPPORTED.has(keyword)) refusals.push(`${at}, '${keyword}' is not permitted.`);
    const types = typesOf(node);
    if (types.length === 0 && !('anyOf' in node) && !('$ref' in node)) refusals.push(`${at}, schema must have a 'type' key.`);
    for (const type of types) if (!TYPES.has(type)) refusals.push(`${at}, '${type}' is not a valid type.`);
    if (types.includes('array') && !('items' in node)) refusals.push(`${at}, array schema missing items.`);
    if (!types.includes('object')) continue;
    if (node.additionalProperties !== false) refusals.push(`${at}, 'additionalProperties' is required to be supplied and to be false.`);
    const required = Array.isArray(node.required) ? node.required : [];
    const missing = Object.keys(isSchema(node.properties) ? node.properties : {}).filter((key) => !required.includes(key));
    if (missing.length > 0) refusals.push(`${at}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`);
  }
  return refusals;
}

/** Whether a property left out may be sent as `null` as it is (else strict conversion wraps it). */
function allowsNull(node: JsonSchema): boolean {
  const types = typesOf(node);
  if ('type' in node) return types.includes('null');
  if (Array.isArray(node.enum)) return node.enum.includes(null);
  if ('const' in node) return node.const === null;
  if (Array.isArray(node.anyOf)) return node.anyOf.some((branch) => isSchema(branch) && allowsNull(branch));
  return !isSchema(node.properties);
}

/**
 * A tool's input schema as a strict host sends it: the Agents SDK's conversion (every object that
 * declares properties closed, every property required, an optional one that cannot be `null` made
 * `anyOf: [it, {"type": "null"}]`), applied to properties, `$defs`, `anyOf` and `items`. Nothing
 * else is changed: a node the conversion leaves untyped stays untyped, and OpenAI refuses it.
 */
export function toStrictForm(schema: JsonSchema): JsonSchema {
  const node: JsonSchema = { ...schema };
  const properties = isSchema(node.properties) ? node.properties : undefined;
  const types = typesOf(node);
  if (properties && (types.length === 0 || types.includes('object'))) {
    const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
    node.properties = Object.fromEntries(
      Object.entries(properties).map(([key, sub]) => {
        if (!isSchema(sub)) return [key, sub];
        const strict = toStrictForm(sub);
        if (required.has(key) || allowsNull(sub)) return [key, strict];
        return [key, { ...(typeof sub.description === 'string' ? { description: sub.description } : {}), anyOf: [strict, { type: 'null' }] }];
      }),
    );
    node.required = Object.keys(properties);
    node.additionalProperties = false;
  }
  for (const key of ['$defs', 'definitions']) {
    const map = node[key];
    if (isSchema(map)) node[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, isSchema(sub) ? toStrictForm(sub) : sub]));
  }
  if (Array.isArray(node.anyOf)) node.anyOf = node.anyOf.map((branch) => (isSchema(branch) ? toStrictForm(branch) : branch));
  if (isSchema(node.items)) node.items = toStrictForm(node.items);
  if (node.default === null) delete node.default;
  return node;
}

/** Why a strict host (strict conversion, then OpenAI with `strict: true`) would refuse a tool; empty: it takes it. */
export function strictHostRefusals(tool: { name: string; inputSchema: JsonSchema }): string[] {
  // As the SDK reads an MCP tool: a missing type, properties or required list is an empty object's.
  const { inputSchema } = tool;
  const schema = { ...inputSchema, type: inputSchema.type ?? 'object', properties: inputSchema.properties ?? {}, required: inputSchema.required ?? [] };
  return openAiStrictRefusals(tool.name, toStrictForm(schema));
}
