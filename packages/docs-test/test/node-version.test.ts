import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');

// Issue 42, point 9: `pnpm install` on any host Node checks engines against the Node every `pnpm run` uses.
describe('the Node that pnpm checks engines against is the Node the scripts run on', () => {
  it('pnpm-workspace.yaml nodeVersion is the node devDependency pnpm-lock.yaml installs', () => {
    const nodeVersion = /^nodeVersion:\s*(\S+)\s*$/m.exec(read('pnpm-workspace.yaml'))?.[1];
    // The root importer's `node:` entry: its specifier, then the version it resolved to.
    const locked = /^\s{6}node:\n\s+specifier: \S+\n\s+version: (\S+)$/m.exec(read('pnpm-lock.yaml'))?.[1];
    expect(locked).toMatch(/^24\./);
    expect(nodeVersion).toBe(locked);
  });
});
