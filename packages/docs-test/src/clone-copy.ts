import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * What a clone holds: the files git tracks, as the working tree has them now (so an edit is tested
 * before it is committed), and nothing else: no node_modules, no .env, no keys, no build output.
 */
export function copyTrackedFiles(repoRoot: string, into: string): number {
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0').filter(Boolean);
  let copied = 0;
  for (const path of tracked) {
    const from = join(repoRoot, path);
    // Deleted in the working tree: a clone made after that commit would not have it.
    if (!existsSync(from) && !isSymlink(from)) continue;
    const to = join(into, path);
    mkdirSync(dirname(to), { recursive: true });
    if (isSymlink(from)) symlinkSync(readlinkSync(from), to);
    else copyFileSync(from, to);
    copied += 1;
  }
  return copied;
}

/** The tracked markdown files whose commands users copy: the READMEs and docs/. */
export function documentedFiles(repoRoot: string): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '*.md'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean);
  const docs = tracked.filter((path) => /^(README\.md|docs\/[^/]+\.md|[^/]+\/([^/]+\/)?README\.md)$/.test(path) && existsSync(join(repoRoot, path)));
  // The root README first: its quick start installs what the others' commands run.
  return docs.sort((a, b) => Number(b === 'README.md') - Number(a === 'README.md') || a.localeCompare(b));
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
