import { replaceSection, SECTION_HEADING } from '../src/docs-section.ts';

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
