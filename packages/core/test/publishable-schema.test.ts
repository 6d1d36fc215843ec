import { z } from 'zod';
import { definePack } from '../src/pack.ts';
import { defineTool } from '../src/tool.ts';
import { buildToolCatalog } from '../src/mcp/tools/tool-catalog.ts';
import { publishableSchema, UnpublishableSchemaError } from '../src/mcp/tools/publishable-schema.ts';

const catalogOf = (inputSchema: z.ZodObject, outputSchema: z.ZodType = z.object({ ok: z.boolean() })) =>
  buildToolCatalog(
    definePack({
      name: 'schemas',
      version: '0.0.0',
      tools: [defineTool({ name: 'tool', title: 'Tool', description: 'A tool', inputSchema, outputSchema, handler: async () => ({ ok: true }) as never })],
    }),
  ).listed[0]!;

describe('published input schemas: what every model provider takes', () => {
  it('close every object, the root and nested ones, so strict conversion can keep them', () => {
    const { inputSchema } = catalogOf(z.object({ where: z.object({ city: z.string() }).optional(), tags: z.array(z.object({ name: z.string() })) }));
    expect(inputSchema.additionalProperties).toBe(false);
    expect(inputSchema).toMatchObject({
      properties: { where: { additionalProperties: false }, tags: { items: { additionalProperties: false } } },
    });
  });

  it('a tool without arguments is a closed empty object', () => {
    expect(catalogOf(z.object({})).inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('keeps an object that says what its extra keys are (a record) as it is', () => {
    const { inputSchema } = catalogOf(z.object({ labels: z.record(z.string(), z.number()) }));
    expect((inputSchema.properties as Record<string, unknown>).labels).toMatchObject({ additionalProperties: { type: 'number' } });
  });

  it('publishes exclusive bounds as minimum and maximum', () => {
    const { inputSchema } = catalogOf(z.object({ radius: z.number().positive().max(150), below: z.number().lt(10).gte(-3) }));
    expect(inputSchema.properties).toEqual({
      radius: { type: 'number', minimum: 0, maximum: 150 },
      below: { type: 'number', minimum: -3, maximum: 10 },
    });
    expect(JSON.stringify(inputSchema)).not.toMatch(/exclusive/);
  });

  it('keeps the stricter of an exclusive and an inclusive bound', () => {
    expect(publishableSchema({ type: 'object', properties: { n: { type: 'number', exclusiveMinimum: 5, minimum: 2 } } }, 'input').properties).toEqual({ n: { type: 'number', minimum: 5 } });
  });

  it('refuses a combinator at the root, naming the tool and what to do instead', () => {
    const either = z.object({ a: z.string().optional(), b: z.string().optional() }).meta({ oneOf: [{ required: ['a'] }, { required: ['b'] }] });
    expect(() => catalogOf(either)).toThrow(UnpublishableSchemaError);
    expect(() => catalogOf(either)).toThrow(/^tool: its input schema has "oneOf" at the root, which OpenAI and Anthropic refuse.*\.refine/);
    expect(() => publishableSchema({ type: 'object', anyOf: [] }, 'input')).toThrow(/"anyOf" at the root/);
  });

  it('keeps combinators below the root, and one at the root of an output schema', () => {
    const { inputSchema, outputSchema } = catalogOf(z.object({ id: z.union([z.string(), z.object({ n: z.number() })]) }), z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]).meta({ type: 'object' }));
    expect((inputSchema.properties as Record<string, { anyOf?: unknown[] }>).id!.anyOf).toHaveLength(2);
    expect(outputSchema!.anyOf).toHaveLength(2);
  });
});

describe('published output schemas', () => {
  it('spell a nullable value as anyOf with null, its constraints in its own branch', () => {
    const { outputSchema } = catalogOf(z.object({}), z.object({ logo: z.string().url().nullable().describe('Logo URL'), count: z.number().int().min(0).nullable() }));
    expect(outputSchema!.properties).toEqual({
      logo: { description: 'Logo URL', anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }] },
      count: { anyOf: [{ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }, { type: 'null' }] },
    });
    expect(JSON.stringify(outputSchema)).not.toMatch(/"type":\[/);
  });

  it('split an enum that allows null between the branches', () => {
    expect(publishableSchema({ type: ['string', 'null'], enum: ['a', 'b', null] }, 'output')).toEqual({ anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] });
  });

  it('spell a constant as a one-value enum', () => {
    const { outputSchema } = catalogOf(z.object({}), z.object({ decimals: z.literal(18), kind: z.literal('token') }));
    expect(outputSchema!.properties).toEqual({ decimals: { type: 'number', enum: [18] }, kind: { type: 'string', enum: ['token'] } });
  });

  it('leave output objects as zod declares them (closed already) and their exclusive bounds as they are', () => {
    const { outputSchema } = catalogOf(z.object({}), z.object({ ratio: z.number().positive() }));
    expect(outputSchema).toEqual({ type: 'object', properties: { ratio: { type: 'number', exclusiveMinimum: 0 } }, required: ['ratio'], additionalProperties: false });
  });
});

describe('a schema whose author named its dialect ($schema, SEP-1613)', () => {
  it('is published as written: the author wrote it by hand for that dialect', () => {
    const authored = z.object({ a: z.string().optional(), b: z.number().positive().optional() }).meta({ $schema: 'https://json-schema.org/draft/2020-12/schema', anyOf: [{ required: ['a'] }, { required: ['b'] }] });
    const { inputSchema } = catalogOf(authored);
    expect(inputSchema).toMatchObject({ anyOf: [{ required: ['a'] }, { required: ['b'] }], properties: { b: { exclusiveMinimum: 0 } } });
    expect(inputSchema).not.toHaveProperty('additionalProperties');
  });
});

describe('an argument that takes a string or a number', () => {
  it('is published as its string form (LangChain drops anyOf, Gemini refuses type arrays); the tool still takes both', async () => {
    const block = z.union([z.int().min(0), z.string().regex(/^(latest|0x[0-9a-f]+|[0-9]+)$/)]).describe('A block: 12345, "0x3039" or "latest"');
    const inputSchema = z.object({ block });
    expect(catalogOf(inputSchema).inputSchema.properties).toEqual({ block: { description: 'A block: 12345, "0x3039" or "latest"', type: 'string', pattern: '^(latest|0x[0-9a-f]+|[0-9]+)$' } });
    expect(inputSchema.parse({ block: 12345 })).toEqual({ block: 12345 });
  });

  it('keeps other unions as they are: two strings, or a string and an object', () => {
    const { inputSchema } = catalogOf(z.object({ a: z.union([z.string().min(3), z.string().max(1)]), b: z.union([z.string(), z.object({ x: z.number() })]) }));
    const properties = inputSchema.properties as Record<string, { anyOf?: unknown[] }>;
    expect(properties.a!.anyOf).toHaveLength(2);
    expect(properties.b!.anyOf).toHaveLength(2);
  });
});
