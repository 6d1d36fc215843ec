/**
 * The shell blocks of a markdown file, as a reader would copy them, with what the docs test is
 * told about each by comments just above it (visible in the source, invisible when rendered):
 *
 *   <!-- docs-test: skip (needs Docker) -->        the block is not run, for the reason given
 *   <!-- docs-test: not "pnpm test" (why) -->       that command of the block is not run
 *   <!-- docs-test: expect "structuredContent" -->  the block's output must contain the text
 *   <!-- docs-test: never "Unsupported engine" -->   and must not contain this one
 *   <!-- docs-test: file keys.yaml -->               a block of any language: written to that
 *                                                    file of the copy for the blocks after it
 */
export interface ShellBlock {
  /** 1-based line of the opening fence. */
  line: number;
  /** Commands as typed: continuation lines joined, blank and comment-only lines left out. */
  commands: string[];
  skip?: string;
  notRun: { command: string; reason: string }[];
  expect: string[];
  never: string[];
  /** A block that is a file the reader saves (`keys.yaml`), relative to the repository's root. */
  file?: { path: string; content: string };
}

const FENCE = /^```(sh|bash|shell|console)\s*$/;
const ANY_FENCE = /^```\w*\s*$/;
const FILE_MARKER = /^file\s+([\w.-]+(?:\/[\w.-]+)*)$/;
const MARKER = /^<!--\s*docs-test:\s*(.*?)\s*-->\s*$/;

export function shellBlocks(markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  let markers: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const text = lines[index]!;
    const marker = MARKER.exec(text);
    if (marker) {
      markers.push(marker[1]!);
      continue;
    }
    const file = markers.map((marker) => FILE_MARKER.exec(marker)?.[1]).find(Boolean);
    if (file && ANY_FENCE.test(text)) {
      if (file.split('/').includes('..')) throw new Error(`line ${index + 1}: a docs-test marker this test does not know: "file ${file}" (a file inside the repository)`);
      const fenceLine = index + 1;
      const body: string[] = [];
      while (index + 1 < lines.length && !lines[index + 1]!.startsWith('```')) body.push(lines[(index += 1)]!);
      index += 1;
      blocks.push({ line: fenceLine, commands: [], notRun: [], expect: [], never: [], file: { path: file, content: `${body.join('\n')}\n` } });
      markers = [];
    } else if (FENCE.test(text)) {
      const fenceLine = index + 1;
      const body: string[] = [];
      while (index + 1 < lines.length && !lines[index + 1]!.startsWith('```')) body.push(lines[(index += 1)]!);
      index += 1;
      blocks.push(blockOf(fenceLine, body, markers));
      markers = [];
    } else if (text.trim() !== '') {
      // A marker speaks of the block right below it (blank lines between are fine), nothing further.
      markers = [];
    }
  }
  return blocks;
}

function blockOf(line: number, body: string[], markers: string[]): ShellBlock {
  const block: ShellBlock = { line, commands: commandsOf(body), notRun: [], expect: [], never: [] };
  for (const marker of markers) {
    if (FILE_MARKER.test(marker)) throw new Error(`line ${line}: "${marker}" is for a block the reader saves, not a shell block`);
    const skip = /^skip\s+\((.+)\)$/.exec(marker);
    const notRun = /^not\s+"([^"]+)"\s+\((.+)\)$/.exec(marker);
    const expected = /^expect\s+"([^"]+)"$/.exec(marker);
    const never = /^never\s+"([^"]+)"$/.exec(marker);
    if (skip) block.skip = skip[1]!;
    else if (never) block.never.push(never[1]!);
    else if (notRun) block.notRun.push({ command: notRun[1]!, reason: notRun[2]! });
    else if (expected) block.expect.push(expected[1]!);
    else throw new Error(`line ${line}: a docs-test marker this test does not know: "${marker}" (skip (why), not "command" (why), expect "text", never "text", file <path>)`);
  }
  for (const { command } of block.notRun) {
    if (!block.commands.some((typed) => withoutComment(typed) === command)) throw new Error(`line ${line}: docs-test marker names "${command}", which is not a command of the block`);
  }
  return block;
}

function commandsOf(body: string[]): string[] {
  const commands: string[] = [];
  let pending = '';
  for (const text of body) {
    if (pending === '' && (text.trim() === '' || text.trim().startsWith('#'))) continue;
    if (text.endsWith('\\')) {
      pending += `${text}\n`;
      continue;
    }
    commands.push(pending + text);
    pending = '';
  }
  if (pending !== '') commands.push(pending.trimEnd());
  return commands;
}

/** The command without its trailing `# comment` (a `#` after a space, outside quotes). */
export function withoutComment(command: string): string {
  let quote: string | undefined;
  for (let index = 0; index < command.length; index += 1) {
    const char = command[index]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '#' && (index === 0 || /\s/.test(command[index - 1]!))) return command.slice(0, index).trimEnd();
  }
  return command.trimEnd();
}

/** A command that starts a server and keeps it (`pnpm start`, `pnpm --filter <pkg> start`), with variables before it. */
export function startsServer(command: string): boolean {
  return /(^|\s)pnpm\s+(--filter\s+\S+\s+)?start$/.test(withoutComment(command));
}
