/**
 * The JSON Schema a tool publishes in `tools/list`, in the part of JSON Schema that every model
 * provider takes as is (docs/protocol.md, "Schemas every LLM host accepts"). Agent frameworks hand
 * a tool's schema to OpenAI, Anthropic or Gemini, and a provider that refuses one tool refuses the
 * whole request. Runtime validation is unchanged: it stays the zod schema, with its exact rules.
 */
export type JsonSchema = Record<string, unknown>;

const ROOT_COMBINATORS = ['oneOf', 'anyOf', 'allOf', 'not'] as const;

/** Keywords that only apply to values of one JSON type: they move into that type's `anyOf` branch. */
const KEYWORDS_OF_TYPE: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'],
};

const JSON_TYPE_OF = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;

/** A tool's schema no provider can take: a mistake in the tool, found when the pack is built. */
export class UnpublishableSchemaError extends Error {
  override readonly name = 'UnpublishableSchemaError';
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mapSchemas(map: unknown, io: 'input' | 'output'): unknown {
  if (!isSchema(map)) return map;
  return Object.fromEntries(Object.entries(map).map(([key, sub]) => [key, publishableNode(sub, io)]));
}

/** `"type": ["string", "null"]` as `anyOf` branches of one type each: Gemini's dialect has no type arrays. */
function splitTypeArray(node: JsonSchema): JsonSchema {
  const { type, enum: allowed, const: constant, ...rest } = node;
  const types = type as string[];
  const typed = new Set(types.flatMap((name) => KEYWORDS_OF_TYPE[name] ?? []));
  const outer = Object.fromEntries(Object.entries(rest).filter(([key]) => !typed.has(key)));
  const branches = types.map((name) => {
    const branch: JsonSchema = { type: name };
    for (const key of KEYWORDS_OF_TYPE[name] ?? []) if (key in rest) branch[key] = rest[key];
    const ofThisType = (value: unknown) => JSON_TYPE_OF(value) === name || (name === 'number' && JSON_TYPE_OF(value) === 'integer');
    if (Array.isArray(allowed) && name !== 'null') branch.enum = allowed.filter(ofThisType);
    if (constant !== undefined && ofThisType(constant)) branch.const = constant;
    return branch;
  });
  return { ...outer, anyOf: branches };
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * An input that takes a string or a number (`12345` or `"0x3039"`) as its string form alone:
 * LangChain drops `anyOf` (the argument reaches the model untyped) and Gemini refuses type
 * arrays. Every string the published form allows is still valid; the tool takes the rest too.
 */
function stringFormOfScalarUnion(node: JsonSchema): JsonSchema | undefined {
  const branches = node.anyOf;
  if (!Array.isArray(branches) || !branches.every((branch) => isSchema(branch) && typeof branch.type === 'string' && SCALARS.has(branch.type))) return undefined;
  const strings = (branches as JsonSchema[]).filter((branch) => branch.type === 'string');
  if (strings.length !== 1) return undefined;
  const { anyOf: _branches, ...outer } = node;
  return { ...outer, ...strings[0] };
}

function publishableNode(value: unknown, io: 'input' | 'output'): unknown {
  if (!isSchema(value)) return value;
  let node: JsonSchema = { ...value };
  if (io === 'input') node = stringFormOfScalarUnion(node) ?? node;
  if (Array.isArray(node.type) && node.type.length > 1) node = splitTypeArray(node);
  else if (Array.isArray(node.type) && node.type.length === 1) node.type = node.type[0];
  // `const` is not in Gemini's documented dialect; a one-value enum says the same.
  if ('const' in node) {
    const { const: constant, ...rest } = node;
    node = { ...rest, enum: [constant] };
  }
  if (io === 'input') {
    // Gemini's function declarations refuse exclusive bounds; the tool still checks the strict bound.
    if (typeof node.exclusiveMinimum === 'number') {
      const { exclusiveMinimum, ...rest } = node;
      node = { ...rest, minimum: typeof rest.minimum === 'number' ? Math.max(rest.minimum, exclusiveMinimum) : exclusiveMinimum };
    }
    if (typeof node.exclusiveMaximum === 'number') {
      const { exclusiveMaximum, ...rest } = node;
      node = { ...rest, maximum: typeof rest.maximum === 'number' ? Math.min(rest.maximum, exclusiveMaximum) : exclusiveMaximum };
    }
    // Closed objects: what OpenAI's strict mode needs. Unknown keys are still dropped, not refused, at runtime.
    if (node.type === 'object') node = { properties: {}, ...node, additionalProperties: node.additionalProperties ?? false };
  }
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions']) if (key in node) node[key] = mapSchemas(node[key], io);
  for (const key of ['items', 'additionalProperties', 'not', 'contains', 'propertyNames']) if (key in node) node[key] = publishableNode(node[key], io);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    if (Array.isArray(node[key])) node[key] = (node[key] as unknown[]).map((sub) => publishableNode(sub, io));
  }
  return node;
}

/**
 * The published form of a tool's input or output JSON Schema. Inputs: no combinator at the root
 * (OpenAI and Anthropic refuse the tool; such a rule belongs in runtime validation and the
 * description, so one here is refused), `minimum`/`maximum` for exclusive bounds, every object
 * closed, a string-or-number argument as its string form. Both: nullable values as `anyOf` with
 * `{"type": "null"}`, constants as one-value enums.
 */
export function publishableSchema(schema: JsonSchema, io: 'input' | 'output', tool = 'tool'): JsonSchema {
  if (io === 'input') {
    const combinator = ROOT_COMBINATORS.find((key) => key in schema);
    if (combinator) {
      throw new UnpublishableSchemaError(
        `${tool}: its input schema has "${combinator}" at the root, which OpenAI and Anthropic refuse (and with it every tool of the request); check the rule at runtime (zod .refine) and say it in the description`,
      );
    }
    if (schema.type !== 'object') throw new UnpublishableSchemaError(`${tool}: its input schema must be an object schema ("type": "object")`);
  }
  return publishableNode(schema, io) as JsonSchema;
}
