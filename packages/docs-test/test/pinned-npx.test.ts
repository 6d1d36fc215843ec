import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { documentedFiles } from '../src/clone-copy.ts';
import { shellBlocks } from '../src/shell-blocks.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');
const clients = JSON.parse(read('clients/package.json')) as { dependencies: Record<string, string> };

/** Every `npx …` command of the docs' shell blocks, with where it is written. */
const npxCommands = documentedFiles(ROOT).flatMap((file) =>
  shellBlocks(read(file)).flatMap((block) => block.commands.filter((command) => /(^|\s)npx\s/.test(command)).map((command) => ({ where: `${file}:${block.line}`, command }))),
);

// Issue 42, point 4: a doc's npx neither stops at npx's prompt nor takes whatever version is newest.
describe("the docs' npx commands run unattended, at the version the client matrix runs", () => {
  it('finds the Inspector CLI commands of docs/deployment.md', () => {
    expect(npxCommands.filter(({ command }) => command.includes('@modelcontextprotocol/inspector')).length).toBeGreaterThanOrEqual(2);
  });

  it.each(npxCommands)('$where: -y and a pinned version, the one clients/package.json pins', ({ command }) => {
    const [, name, version] = /npx\s+-y\s+(@?[^@\s]+)@(\S+)/.exec(command) ?? [];
    expect({ command, name, version }).toEqual({ command, name: expect.any(String), version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    if (clients.dependencies[name!] !== undefined) expect(version).toBe(clients.dependencies[name!]);
  });
});
