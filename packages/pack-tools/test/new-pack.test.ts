import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readManifests } from '../src/manifest.mjs';
import { newPack } from '../src/new-pack.mjs';
import { repoRoot } from '../src/sync.mjs';

// The full proof (scaffold, sync, install, test, start) is docs/development.md's "Add a pack";
// this checks what the scaffolder decides, on a copy of the packs' manifests.
describe('pnpm new-pack', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'new-pack-'));
    for (const pack of readManifests(repoRoot)) cpSync(join(repoRoot, 'services', pack.name, 'package.json'), join(root, 'services', pack.name, 'package.json'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes a pack whose manifest reads back, on the next free port', () => {
    const before = readManifests(root);
    const written = newPack(root, 'demo');
    expect(written).toEqual(expect.arrayContaining(['services/demo/package.json', 'services/demo/src/tools/hello.ts', 'services/demo/test/hello.test.ts', 'services/demo/README.md']));
    const demo = readManifests(root).find((pack) => pack.name === 'demo')!;
    expect(demo).toMatchObject({ module: 'demoModule', port: Math.max(...before.map((pack) => pack.port)) + 1, probe: { tool: 'hello' } });
    expect(demo.env.map((variable) => variable.name)).toEqual(['DEMO_GREETING']);
    const pack = readFileSync(join(root, 'services/demo/src/pack.ts'), 'utf8');
    expect(pack).toContain(`defaultPort: ${demo.port},`);
    expect(pack).toContain('DEMO_GREETING: z.string()');
  });

  it('refuses a name that is taken or cannot be a path segment, writing nothing', () => {
    expect(() => newPack(root, 'quotes')).toThrow('services/quotes already exists');
    expect(() => newPack(root, 'Weather-Now')).toThrow(/cannot name a pack/);
    expect(readManifests(root).map((pack) => pack.name).sort()).toEqual(readManifests(repoRoot).map((pack) => pack.name).sort());
  });
});
