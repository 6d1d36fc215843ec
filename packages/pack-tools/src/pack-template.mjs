import { parseManifest, segmentVariable } from './manifest.mjs';
import { manifestEnvFile } from './manifest-env.mjs';

/**
 * The files of a new pack, path (inside services/<name>) to content: the smallest pack that
 * follows docs/development.md, with one example tool that needs no network.
 * @param {string} name
 * @param {number} port
 * @returns {Map<string, string>}
 */
export function packFiles(name, port) {
  const module = `${name}Module`;
  const greeting = `${name.toUpperCase()}_GREETING`;
  const files = new Map();
  const packageJson = {
    name: `@toolgate/${name}`,
    version: '0.1.0',
    private: true,
    type: 'module',
    description: `The ${name} pack`,
    exports: { '.': './src/index.ts' },
    toolgate: {
      module,
      port,
      env: { [greeting]: { description: 'How the hello tool greets (an example setting: replace it).', example: 'Hello' } },
      probe: { tool: 'hello', arguments: { name: 'probe' } },
    },
    scripts: {
      start: 'node src/main.ts',
      typecheck: 'tsc -p tsconfig.json',
      test: 'NODE_OPTIONS=--experimental-vm-modules jest',
    },
    dependencies: { '@toolgate/core': 'workspace:*', zod: '^4.3.0' },
    devDependencies: { '@toolgate/jest-preset': 'workspace:*', '@toolgate/upstream': 'workspace:*', jest: '^30.2.0' },
  };
  files.set('package.json', `${JSON.stringify(packageJson, null, 2)}\n`);
  files.set('src/manifest-env.ts', manifestEnvFile(parseManifest(name, packageJson)));
  files.set('tsconfig.json', `${JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src', 'test'] }, null, 2)}\n`);
  files.set('jest.config.js', "import preset from '@toolgate/jest-preset/jest-preset';\n\nexport default { ...preset };\n");
  files.set(
    'src/tools/hello.ts',
    `import { defineTool } from '@toolgate/core';
import { z } from 'zod';

const inputSchema = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(100, 'name must be at most 100 characters').describe('Who to greet, e.g. "Ada".'),
});

const outputSchema = z.object({
  greeting: z.string().describe('The greeting, e.g. "Hello, Ada!".'),
});

/** An example tool that needs no network: replace it with the pack's first real tool. */
export function helloTool(greeting: string) {
  return defineTool({
    name: 'hello',
    title: 'Say hello',
    description: 'Greets someone by name. Returns {greeting}.',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ name }) {
      return { greeting: \`\${greeting}, \${name}!\` };
    },
  });
}
`,
  );
  files.set(
    'src/pack.ts',
    `import { definePack, definePackModule } from '@toolgate/core';
import { z } from 'zod';
import type { ManifestEnvShape } from './manifest-env.ts';
import { helloTool } from './tools/hello.ts';

/**
 * The pack's own variables: exactly those package.json's toolgate.env declares (a variable is
 * declared there; \`pnpm packs:sync\` writes src/manifest-env.ts, which this must satisfy).
 */
const ownVariables = {
  ${greeting}: z.string().trim().min(1).max(40).default('Hello'),
} satisfies ManifestEnvShape;

export const ${name}EnvSchema = z.object(ownVariables);

export const ${module} = definePackModule({
  name: '${name}',
  defaultPort: ${port},
  envSchema: ${name}EnvSchema,
  create(config) {
    return {
      pack: definePack({
        name: '${name}',
        version: '0.1.0',
        instructions: 'The ${name} pack: hello greets someone by name.',
        tools: [helloTool(config.${greeting})],
      }),
    };
  },
});
`,
  );
  files.set('src/index.ts', `export { ${module}, ${name}EnvSchema } from './pack.ts';\n`);
  files.set('src/main.ts', `import { runMain } from '@toolgate/core/server';
import { ${module} } from './pack.ts';

runMain({ service: '${name}', modules: [${module}], defaultPort: ${module}.defaultPort });
`);
  files.set(
    'test/hello.test.ts',
    `import { startPack, type PackHarness } from '@toolgate/upstream/testing';
import { ${module} } from '../src/index.ts';

let pack: PackHarness | undefined;
afterEach(async () => {
  await pack?.close();
  pack = undefined;
});

describe('hello', () => {
  it('greets by name', async () => {
    pack = await startPack(${module}, {});
    const result = await pack.call('hello', { name: 'Ada' });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ greeting: 'Hello, Ada!' });
  });

  it('greets as ${greeting} says', async () => {
    pack = await startPack(${module}, { ${greeting}: 'Hi' });
    expect((await pack.call('hello', { name: 'Ada' })).structuredContent).toEqual({ greeting: 'Hi, Ada!' });
  });

  it('answers an empty name with an error the caller can act on', async () => {
    pack = await startPack(${module}, {});
    const result = await pack.call('hello', { name: ' ' });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/name must not be empty/);
  });
});
`,
  );
  files.set(
    'README.md',
    `# @toolgate/${name}: the ${name} pack

At \`POST /<${segmentVariable(name)} or ${name}>/mcp\`. Runs inside the all-in-one gateway (\`pnpm start\`), or
alone: \`pnpm --filter @toolgate/${name} start\` (port ${port}).

## Tools

| tool | arguments | result |
|---|---|---|
| \`hello\` | \`name\` | \`{greeting}\` |

## Variables

| variable | what | default |
|---|---|---|
| \`${greeting}\` | how \`hello\` greets | \`Hello\` |

Declared in \`package.json\`'s \`toolgate\` block too: \`pnpm packs:sync\` writes them into
\`.env.example\`, compose and Kubernetes. See docs/development.md, "Add a pack".
`,
  );
  return files;
}
