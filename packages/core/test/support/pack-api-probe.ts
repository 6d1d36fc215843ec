// Run as a child process by pack-api-imports.test.ts: imports the pack author's entry point and
// defines a pack with it, then prints every package imported meanwhile.
import { recordLoadedPackages, reportLoadedPackages } from '@toolgate/test-support/loaded-packages';

const loaded = recordLoadedPackages();
const { definePack, definePackModule, defineTool } = await import(process.argv[2] ?? '../../src/pack-api.ts');
const { z } = await import('zod');
const tool = defineTool({ name: 'hi', title: 'Hi', description: 'Says hi.', inputSchema: z.object({}), outputSchema: z.object({ text: z.string() }), handler: async () => ({ text: 'hi' }) });
const module = definePackModule({ name: 'probe', defaultPort: 0, envSchema: z.object({}), create: () => ({ pack: definePack({ name: 'probe', version: '1', tools: [tool] }) }) });
await module.create({}, {} as never);
reportLoadedPackages(loaded);
