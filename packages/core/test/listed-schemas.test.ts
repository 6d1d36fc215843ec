import { z } from 'zod';
import { defineTool } from '../src/tool.ts';
import { definePack } from '../src/pack.ts';
import { buildToolCatalog } from '../src/mcp/tools/tool-catalog.ts';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const tool = (name: string, inputSchema: z.ZodObject) =>
  defineTool({ name, title: name, description: name, inputSchema, outputSchema: z.object({ ok: z.boolean() }), handler: async () => ({ ok: true }) });

describe('listed schemas', () => {
  const catalog = buildToolCatalog(
    definePack({
      name: 'schemas',
      version: '0.0.0',
      tools: [tool('plain', z.object({ limit: z.number().int() })), tool('authored', z.object({ name: z.string() }).meta({ $schema: DIALECT }))],
    }),
  );
  const listed = (name: string) => catalog.listed.find((entry) => entry.name === name)!;

  it('leave out the $schema zod adds, in input and output schemas', () => {
    expect(listed('plain').inputSchema).not.toHaveProperty('$schema');
    expect(listed('plain').outputSchema).not.toHaveProperty('$schema');
    expect(listed('plain').inputSchema).toMatchObject({ type: 'object', properties: { limit: { type: 'integer' } } });
  });

  it('keep a $schema the tool author wrote (SEP-1613: servers preserve it)', () => {
    expect(listed('authored').inputSchema.$schema).toBe(DIALECT);
    expect(listed('authored').outputSchema).not.toHaveProperty('$schema');
  });
});
