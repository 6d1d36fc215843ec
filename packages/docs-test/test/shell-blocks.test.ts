import { shellBlocks, startsServer, withoutComment } from '../src/shell-blocks.ts';

const FENCE = '```';

describe('shellBlocks: the commands a reader copies, and what the docs test is told about them', () => {
  it('joins continued lines, drops comment lines, and reads the markers above a block', () => {
    const markdown = [
      '# Title',
      '<!-- docs-test: not "pnpm test" (the suite itself) -->',
      '<!-- docs-test: expect "ok" -->',
      '',
      `${FENCE}sh`,
      '# a comment line',
      'pnpm install   # installs',
      'curl -s http://127.0.0.1:8080/x \\',
      "  -d '{\"a\":1}'",
      'pnpm test',
      FENCE,
      'Prose.',
      `${FENCE}json`,
      '{}',
      FENCE,
      '<!-- docs-test: skip (needs Docker) -->',
      `${FENCE}bash`,
      'docker compose up',
      FENCE,
    ].join('\n');
    expect(shellBlocks(markdown)).toEqual([
      {
        line: 5,
        commands: ['pnpm install   # installs', "curl -s http://127.0.0.1:8080/x \\\n  -d '{\"a\":1}'", 'pnpm test'],
        notRun: [{ command: 'pnpm test', reason: 'the suite itself' }],
        expect: ['ok'],
        never: [],
      },
      { line: 17, commands: ['docker compose up'], skip: 'needs Docker', notRun: [], expect: [], never: [] },
    ]);
  });

  it('a block marked as a file (any language) is content to save, with its path', () => {
    const markdown = ['<!-- docs-test: file keys.yaml -->', `${FENCE}yaml`, 'keys:', '  - name: ops', FENCE, `${FENCE}sh`, 'API_KEYS_FILE=./keys.yaml pnpm start', FENCE].join('\n');
    expect(shellBlocks(markdown)).toEqual([
      { line: 2, commands: [], notRun: [], expect: [], never: [], file: { path: 'keys.yaml', content: 'keys:\n  - name: ops\n' } },
      { line: 6, commands: ['API_KEYS_FILE=./keys.yaml pnpm start'], notRun: [], expect: [], never: [] },
    ]);
    expect(() => shellBlocks(['<!-- docs-test: file ../outside.yaml -->', `${FENCE}yaml`, 'a: 1', FENCE].join('\n'))).toThrow(/marker this test does not know/);
  });

  it('a marker speaks only of the block right below it', () => {
    const markdown = ['<!-- docs-test: skip (needs Docker) -->', 'Some prose between.', `${FENCE}sh`, 'ls', FENCE].join('\n');
    expect(shellBlocks(markdown)[0]!.skip).toBeUndefined();
  });

  it('refuses a marker it does not know, or one naming a command the block lacks, so a typo cannot skip silently', () => {
    expect(() => shellBlocks(['<!-- docs-test: skipp (x) -->', `${FENCE}sh`, 'ls', FENCE].join('\n'))).toThrow(/marker this test does not know: "skipp \(x\)"/);
    expect(() => shellBlocks(['<!-- docs-test: not "pnpm tset" (x) -->', `${FENCE}sh`, 'pnpm test', FENCE].join('\n'))).toThrow(/names "pnpm tset", which is not a command/);
  });

  it('knows a server start from other commands, and a comment from a # inside quotes', () => {
    expect(['pnpm start', 'QUOTES_DATA_DIR=x pnpm start   # full corpus', 'pnpm --filter @toolgate/remote start'].every(startsServer)).toBe(true);
    expect(['pnpm test', 'pnpm start-ish', 'pnpm --filter @toolgate/quotes data:fetch'].some(startsServer)).toBe(false);
    expect(withoutComment("curl -d '#not a comment' x # a comment")).toBe("curl -d '#not a comment' x");
  });
});
