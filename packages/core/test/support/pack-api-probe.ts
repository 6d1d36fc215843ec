// Run as a child process by pack-api-imports.test.ts: imports the pack author's entry point and
// defines a pack with it, then prints every package imported meanwhile (a resolve hook sees each).
import { registerHooks } from 'node:module';

const loaded = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const name = /^(@[^/]+\/[^/]+|[^./][^/:]*)(?=\/|$)/.exec(specifier)?.[1];
    if (name && !specifier.startsWith('node:')) loaded.add(name);
    return nextResolve(specifier, context);
  },
});

const { definePack, definePackModule, defineTool } = await import(process.argv[2] ?? '../../src/pack-api.ts');
const { z } = await import('zod');
const tool = defineTool({ name: 'hi', title: 'Hi', description: 'Says hi.', inputSchema: z.object({}), outputSchema: z.object({ text: z.string() }), handler: async () => ({ text: 'hi' }) });
const module = definePackModule({ name: 'probe', defaultPort: 0, envSchema: z.object({}), create: () => ({ pack: definePack({ name: 'probe', version: '1', tools: [tool] }) }) });
await module.create({}, {} as never);
process.stdout.write(JSON.stringify([...loaded].sort()));
