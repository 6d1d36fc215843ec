import { readFile, writeFile } from 'node:fs/promises';

/** Replaces the section that starts with `heading` (up to the next `## `) in a Markdown file, or appends it. */
export async function writeSection(path: string, heading: string, section: string): Promise<void> {
  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch {
    text = '# Benchmarks\n\nFigures from re-runnable benchmarks (`pnpm bench`); each section says how to re-run it.\n';
  }
  const start = text.indexOf(`${heading}\n`);
  if (start === -1) {
    await writeFile(path, `${text.trimEnd()}\n\n${section.trimEnd()}\n`);
    return;
  }
  const next = text.indexOf('\n## ', start + heading.length);
  const end = next === -1 ? text.length : next + 1;
  await writeFile(path, `${text.slice(0, start)}${section.trimEnd()}\n${next === -1 ? '' : '\n'}${text.slice(end)}`);
}
