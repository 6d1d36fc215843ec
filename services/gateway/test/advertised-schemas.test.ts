import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { createApp, createLogger, createMetrics, parseEnv, type MountedPack } from '@toolgate/core/server';
import { readManifests } from '@toolgate/pack-tools';
import { packModules } from '../src/pack-modules.ts';

type Json = Record<string, unknown>;

/** Every sub-schema of a JSON Schema, the root included. */
function* walk(schema: unknown, path = '#'): Generator<[string, Json]> {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const [index, item] of schema.entries()) yield* walk(item, `${path}/${index}`);
    return;
  }
  yield [path, schema as Json];
  for (const [key, value] of Object.entries(schema)) yield* walk(value, `${path}/${key}`);
}

/** Parameters that count things (pages, limits, sizes, offsets) must be integers, not numbers. */
const COUNTING = /^(limit|page|count|offset|size|page_size|per_page|max_results|top|days)$/i;

describe("every pack's advertised tool schemas (tools/list, as clients read them)", () => {
  const logger = createLogger({ level: 'silent' });
  const listed = new Map<string, { name: string; inputSchema: Json; outputSchema?: Json }[]>();

  beforeAll(async () => {
    // Each pack with its defaults, as `pnpm start` builds it with no variables set.
    const packs: MountedPack[] = [];
    for (const module of packModules) {
      const built = await module.create(parseEnv(module.envSchema, {}), { logger });
      packs.push({ pack: built.pack, segment: module.name });
    }
    const app = createApp({ packs, logger, metrics: createMetrics() });
    for (const { segment } of packs) {
      const response = await request(app).post(`/${segment}/mcp`).set('accept', 'application/json').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(response.status).toBe(200);
      listed.set(segment, response.body.result.tools);
    }
  });

  it('covers every pack under services/, each with tools', () => {
    const packs = readManifests(fileURLToPath(new URL('../../../', import.meta.url))).map((pack) => pack.name);
    expect(packs.length).toBeGreaterThan(0);
    expect([...listed.keys()].sort()).toEqual(packs.sort());
    for (const tools of listed.values()) expect(tools.length).toBeGreaterThan(0);
  });

  it('carry no $schema anywhere (MCP reads a schema without one as 2020-12)', () => {
    const offending: string[] = [];
    for (const [pack, tools] of listed) {
      for (const tool of tools) {
        for (const [kind, schema] of [['inputSchema', tool.inputSchema], ['outputSchema', tool.outputSchema]] as const) {
          for (const [path, node] of walk(schema)) if ('$schema' in node) offending.push(`${pack}/${tool.name} ${kind} ${path}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it('type every counting input parameter as "integer"', () => {
    const offending: string[] = [];
    let checked = 0;
    for (const [pack, tools] of listed) {
      for (const tool of tools) {
        const properties = (tool.inputSchema.properties ?? {}) as Record<string, Json>;
        for (const [name, property] of Object.entries(properties)) {
          if (!COUNTING.test(name)) continue;
          checked += 1;
          if (property.type !== 'integer') offending.push(`${pack}/${tool.name}.${name}: ${String(property.type)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(3);
    expect(offending).toEqual([]);
  });

  // @genkit-ai/core validates every tool's schemas with `new Ajv()` plus ajv-formats (draft-07
  // mode, strict): a schema naming the 2020-12 meta-schema fails its first call.
  const genkitAjv = () => {
    const ajv = new Ajv();
    addFormats.default(ajv);
    return ajv;
  };

  it("compile in a default Ajv, as Genkit's validator builds them", () => {
    const ajv = genkitAjv();
    const failures: string[] = [];
    for (const [pack, tools] of listed) {
      for (const tool of tools) {
        for (const schema of [tool.inputSchema, tool.outputSchema]) {
          if (!schema) continue;
          try {
            ajv.compile(schema);
          } catch (error) {
            failures.push(`${pack}/${tool.name}: ${(error as Error).message}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('accept a valid search_quotes call and reject a fractional limit in that Ajv', () => {
    const search = listed.get('quotes')!.find((tool) => tool.name === 'search_quotes')!;
    const validate = genkitAjv().compile(search.inputSchema);
    expect(validate({ query: 'love', limit: 5 })).toBe(true);
    expect(validate({ query: 'love', limit: 2.5 })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/limit', message: 'must be integer' });
  });

  it('would fail there with the 2020-12 $schema the catalog used to add (why it is left out)', () => {
    const search = listed.get('quotes')!.find((tool) => tool.name === 'search_quotes')!;
    const named = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...search.inputSchema };
    expect(() => genkitAjv().compile(named)).toThrow('no schema with key or ref "https://json-schema.org/draft/2020-12/schema"');
  });
});
