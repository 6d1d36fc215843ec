import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@toolgate/test-support';
import { copyTrackedFiles, documentedFiles } from '../src/clone-copy.ts';
import { runShellBlocks } from '../src/run-shell-blocks.ts';
import { shellBlocks } from '../src/shell-blocks.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOCS = documentedFiles(ROOT);

/**
 * What a user's shell has after a clone: their PATH without this checkout's node_modules/.bin
 * (pnpm puts the clone's own there), their home (pnpm's store), nothing of this run's. Offline:
 * a command that would fetch from a registry fails here instead of reaching the internet.
 */
function userEnvironment(port: number): NodeJS.ProcessEnv {
  const PATH = (process.env.PATH ?? '').split(':').filter((dir) => dir !== '' && !dir.startsWith(ROOT)).join(':');
  const kept = Object.fromEntries(Object.entries(process.env).filter(([name]) => ['HOME', 'PNPM_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME'].includes(name)));
  return { ...kept, PATH, PORT: String(port), npm_config_offline: 'true' };
}

describe('every shell block of the READMEs and docs/ runs as written, offline, on a clone-like copy', () => {
  let clone: string;
  beforeAll(() => {
    clone = mkdtempSync(join(tmpdir(), 'toolgate-docs-'));
    copyTrackedFiles(ROOT, clone);
  });
  afterAll(() => rmSync(clone, { recursive: true, force: true }));

  it('finds the docs, the root README first (its quick start installs what the rest run)', () => {
    expect(DOCS[0]).toBe('README.md');
    expect(DOCS).toEqual(expect.arrayContaining(['docs/deployment.md', 'docs/federation.md', 'services/quotes/README.md']));
  });

  // Sequential, in one copy: README's `pnpm install` serves every later block.
  // The limits are hang guards (a command or server that never ends), not measures of speed.
  it.each(DOCS)('%s', async (file) => {
    const blocks = shellBlocks(readFileSync(join(clone, file), 'utf8'));
    const port = await freePort();
    await runShellBlocks(file, blocks, { cwd: clone, env: userEnvironment(port), port, commandLimitMs: 600_000 });
  }, 1_200_000);
});
