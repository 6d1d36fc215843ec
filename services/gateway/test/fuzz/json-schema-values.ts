/** Values derived from a tool's input JSON Schema (as tools/list shows it), for any pack. */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') ?? schema.type[0];
  if (schema.type) return schema.type;
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  return branch ? typeOf(branch) : undefined;
}

/** A plausible valid value: examples, defaults, enums first; else the type's simplest member. */
export function plausibleValue(schema: JsonSchema): unknown {
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (!schema.type && branch) return plausibleValue(branch);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => plausibleValue(schema.items ?? {}));
    case 'object':
      return baselineArguments(schema);
    case 'string':
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}

/** Arguments with every required property set to a plausible value. */
export function baselineArguments(schema: JsonSchema): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of schema.required ?? []) args[name] = plausibleValue(schema.properties?.[name] ?? {});
  return args;
}

const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, '', 'x', [], [1, 'a'], {}, { nested: { deep: true } }];
const HUGE_NUMBERS = [1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 5e-324, -0];

/** Boundary values and just-outside values for one property's schema, plus wrong types. */
export function boundaryValues(schema: JsonSchema): unknown[] {
  const values: unknown[] = [...WRONG_TYPES];
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') {
    for (const edge of [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]) {
      if (edge === undefined) continue;
      values.push(edge, edge - 1, edge + 1, edge - 0.5, edge + 0.5);
    }
    values.push(...HUGE_NUMBERS, '1', '1e3', 'NaN', 'Infinity');
  }
  if (type === 'string') {
    for (const length of [schema.minLength, schema.maxLength]) {
      if (length === undefined) continue;
      values.push('s'.repeat(length), 's'.repeat(length + 1), 's'.repeat(Math.max(0, length - 1)));
    }
    values.push(
      ' ', '\u0000', '\ud800', '\udfff\ud800', '😀'.repeat(50), 'a'.repeat(100_000), '../../etc/passwd', '%00', '${jndi:x}',
      "' OR 1=1 --", '<script>alert(1)</script>', '__proto__', 'constructor', '\r\nInjected: header', 'http://127.0.0.1:1/', '0x',
      '0x' + 'f'.repeat(64), '1970-01-01', '9999-99-99', '2024-02-30', '-90,-180', '91,181', 'NaN,NaN',
    );
  }
  if (schema.enum) values.push(...schema.enum.map((value) => (typeof value === 'string' ? value.toUpperCase() : value)), 'not-in-enum');
  if (type === 'array') {
    values.push(Array.from({ length: 10_000 }, () => 'x'), [null], [[[]]], [{ __proto__: 1 }]);
    if (schema.maxItems !== undefined) values.push(Array.from({ length: schema.maxItems + 1 }, () => plausibleValue(schema.items ?? {})));
  }
  if (type === 'boolean') values.push('true', 'false', 1, 0);
  return values;
}
