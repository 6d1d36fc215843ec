import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readManifests } from '../src/manifest.mjs';
import { newPack } from '../src/new-pack.mjs';
import { repoRoot } from '../src/sync.mjs';

// The full proof (scaffold, sync, install, test, start) is docs/development.md's "Add a pack";
// this checks what the scaffolder decides, on a copy of the packs' manifests.
describe('pnpm new-pack', () => {
  // A name no pack has, even in a checkout where `pnpm new-pack demo` already ran.
  const name = ['demo', 'example', 'sample'].find((candidate) => !readManifests(repoRoot).some((pack) => pack.name === candidate))!;
  const upper = name.toUpperCase();
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'new-pack-'));
    for (const pack of readManifests(repoRoot)) cpSync(join(repoRoot, 'services', pack.name, 'package.json'), join(root, 'services', pack.name, 'package.json'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes a pack whose manifest reads back, on the next free port', () => {
    const before = readManifests(root);
    const written = newPack(root, name);
    expect(written).toEqual(expect.arrayContaining(['package.json', 'src/manifest-env.ts', 'src/tools/hello.ts', 'test/hello.test.ts', 'README.md'].map((file) => `services/${name}/${file}`)));
    const created = readManifests(root).find((pack) => pack.name === name)!;
    expect(created).toMatchObject({ module: `${name}Module`, port: Math.max(...before.map((pack) => pack.port)) + 1, probe: { tool: 'hello' } });
    expect(created.env.map((variable) => variable.name)).toEqual([`${upper}_GREETING`]);
    const pack = readFileSync(join(root, `services/${name}/src/pack.ts`), 'utf8');
    expect(pack).toContain(`defaultPort: ${created.port},`);
    expect(pack).toContain(`${upper}_GREETING: z.string()`);
    expect(pack).toContain('} satisfies ManifestEnvShape;');
    expect(readFileSync(join(root, `services/${name}/src/manifest-env.ts`), 'utf8')).toContain(`  ${upper}_GREETING: unknown;\n`);
  });

  it('refuses a name that is taken or cannot be a path segment, writing nothing', () => {
    expect(() => newPack(root, 'quotes')).toThrow('services/quotes already exists');
    expect(() => newPack(root, 'Weather-Now')).toThrow(/cannot name a pack/);
    expect(readManifests(root).map((pack) => pack.name).sort()).toEqual(readManifests(repoRoot).map((pack) => pack.name).sort());
  });
});
