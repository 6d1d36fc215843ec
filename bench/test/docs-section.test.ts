import { loadNote, replaceSection, replaceSummary, SECTION_HEADING } from '../src/docs-section.ts';

describe("the bench's section of docs/benchmarks.md", () => {
  const section = `${SECTION_HEADING}\n\nnew figures\n`;

  it('replaces only its own section, between the others', () => {
    const document = `# Benchmarks\n\n## Chain pack\n\nchain text\n\n${SECTION_HEADING}\n\nold figures\n\n## Soak\n\nsoak text\n`;
    expect(replaceSection(document, section)).toBe(`# Benchmarks\n\n## Chain pack\n\nchain text\n\n${SECTION_HEADING}\n\nnew figures\n\n## Soak\n\nsoak text\n`);
  });

  it('replaces its section when it is the last one', () => {
    const document = `# Benchmarks\n\n## Chain pack\n\nchain text\n\n${SECTION_HEADING}\n\nold figures\n`;
    expect(replaceSection(document, section)).toBe(`# Benchmarks\n\n## Chain pack\n\nchain text\n\n${section}`);
  });

  it('appends its section when the document has none yet', () => {
    expect(replaceSection('# Benchmarks\n\n## Soak\n\nsoak text\n', section)).toBe(`# Benchmarks\n\n## Soak\n\nsoak text\n\n${section}`);
  });
});

describe("the bench's rows of the summary table", () => {
  const start = '<!-- serving-path summary: rewritten by pnpm --filter @toolgate/bench bench -->';
  const end = '<!-- /serving-path summary -->';

  it('replaces only the rows between its markers', () => {
    const document = `| claim |\n|---|\n| chain row |\n${start}\n| old |\n${end}\n| soak row |\n`;
    expect(replaceSummary(document, `${start}\n| new |\n${end}`)).toBe(`| claim |\n|---|\n| chain row |\n${start}\n| new |\n${end}\n| soak row |\n`);
  });

  it('leaves a document without the markers alone', () => {
    expect(replaceSummary('# Benchmarks\n', `${start}\n| new |\n${end}`)).toBe('# Benchmarks\n');
  });
});

describe('what the section says about the machine', () => {
  const run = { date: '2026-11-23T00:00:00Z', node: 'v24', cpus: 2, loadAverageAtStart: 0.3, loadAverageAtEnd: 0.7 } as Parameters<typeof loadNote>[0];

  it('calls the machine shared only when its load average says so', () => {
    expect(loadNote(run)).toMatch(/^Nothing else ran on the machine/);
    expect(loadNote({ ...run, loadAverageAtEnd: 3.3 })).toBe('The machine was shared with other work during the run');
  });
});
