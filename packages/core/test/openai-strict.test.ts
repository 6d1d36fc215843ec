import { openAiStrictRefusals, strictHostRefusals, toStrictForm } from '../src/mcp/openai-strict.ts';

const at = (path: string) => `Invalid schema for function 't': In context=(${path})`;

describe("OpenAI strict mode's rules on a tool's parameters (as sent)", () => {
  it('takes a closed object whose every property is required and typed, nullable ones as anyOf with null', () => {
    const parameters = {
      type: 'object',
      properties: { q: { type: 'string', maxLength: 9, pattern: '^a' }, n: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] }, tags: { type: 'array', items: { type: 'string' }, maxItems: 3 } },
      required: ['q', 'n', 'tags'],
      additionalProperties: false,
    };
    expect(openAiStrictRefusals('t', parameters)).toEqual([]);
  });

  it('refuses an untyped node, a property not required, an open object, an unsupported keyword and an array without items', () => {
    const parameters = {
      type: 'object',
      properties: {
        any: {},
        optional: { type: 'string' },
        open: { type: 'object', properties: {}, required: [] },
        unique: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        list: { type: 'array' },
        either: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      },
      required: ['any', 'open', 'unique', 'list', 'either'],
      additionalProperties: false,
    };
    expect(openAiStrictRefusals('t', parameters)).toEqual([
      `${at('')}, 'required' is required to be supplied and to be an array including every key in properties. Missing 'optional'.`,
      `${at("'properties', 'any'")}, schema must have a 'type' key.`,
      `${at("'properties', 'open'")}, 'additionalProperties' is required to be supplied and to be false.`,
      `${at("'properties', 'unique'")}, 'uniqueItems' is not permitted.`,
      `${at("'properties', 'list'")}, array schema missing items.`,
      `${at("'properties', 'either'")}, 'oneOf' is not permitted.`,
      `${at("'properties', 'either'")}, schema must have a 'type' key.`,
    ]);
  });

  it('refuses a root that is not an object, or a combinator at the root, before anything else', () => {
    expect(openAiStrictRefusals('t', { anyOf: [{ type: 'object' }] })).toEqual([
      "Invalid schema for function 't': schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.",
    ]);
  });
});

describe('strict conversion (the Agents SDK convertSchemasToStrict), then those rules', () => {
  it('requires every property, closes objects that declare properties, and makes an optional one nullable', () => {
    const converted = toStrictForm({ type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer', description: 'at most', default: null } }, required: ['q'] });
    expect(converted).toEqual({
      type: 'object',
      properties: { q: { type: 'string' }, limit: { description: 'at most', anyOf: [{ type: 'integer', description: 'at most' }, { type: 'null' }] } },
      required: ['q', 'limit'],
      additionalProperties: false,
    });
  });

  it('leaves alone what it cannot fix, so a fronted tool with an untyped argument is refused', () => {
    expect(strictHostRefusals({ name: 't', inputSchema: { type: 'object', properties: { value: {} } } })).toEqual([`${at("'properties', 'value'")}, schema must have a 'type' key.`]);
    expect(strictHostRefusals({ name: 't', inputSchema: { type: 'object', properties: { map: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['map'] } })).toEqual([
      `${at("'properties', 'map'")}, 'additionalProperties' is required to be supplied and to be false.`,
    ]);
  });

  it('takes a tool without a schema worth the name as a tool without arguments, as the SDK reads it', () => {
    expect(strictHostRefusals({ name: 't', inputSchema: {} })).toEqual([]);
  });
});
