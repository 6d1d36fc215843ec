// pnpm --filter @toolgate/bench bench:search [--no-write]
// Tool search (issue 38): recall@1, recall@3 and MRR of search_tools' ranking on the judged set
// (bench/tool-search/), with and without 1,000 more tools of a fronted server; the search view's
// tools/list against /mcp's in bytes and tokens; search_tools' latency in process. Writes the
// "Tool search" section of docs/benchmarks.md.
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createToolIndex } from '@toolgate/tool-search';
import { replaceSection } from '../docs-section.ts';
import { startJudgedGateway } from './judged-gateway.ts';
import { measureSearchLatency } from './search-latency.ts';
import { searchableTools } from './list-tools.ts';
import { scoreJudged, type SplitScores } from './relevance.ts';
import { measureListSizes } from './list-sizes.ts';
import type { Judgment } from './score.ts';
import { searchSection } from './search-section.ts';

const { values } = parseArgs({ args: process.argv.slice(2).filter((arg) => arg !== '--'), options: { 'no-write': { type: 'boolean', default: false } } });
const judgments = JSON.parse(await readFile(fileURLToPath(new URL('../../tool-search/judged-set.json', import.meta.url)), 'utf8')) as Judgment[];
const docs = fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url));
const loadAtStart = loadavg()[0]!;

const relevance: { tools: number; scores: SplitScores }[] = [];
for (const distractors of [0, 1000]) {
  const gateway = await startJudgedGateway({ distractors });
  try {
    const { tools, names, synonymsOf } = await searchableTools(gateway.url, gateway.packs);
    const index = createToolIndex(tools, { synonymsOf, namesOf: (_, doc) => [names[doc]!, tools[doc]!.tool] });
    relevance.push({ tools: tools.length, scores: scoreJudged(index, names, judgments) });
  } finally {
    await gateway.close();
  }
}
const sizes = await measureListSizes();
const latency = await measureSearchLatency(judgments.map((judgment) => judgment.request));

const section = searchSection({
  date: new Date().toISOString().slice(0, 10),
  node: process.versions.node,
  cpu: cpus()[0]?.model ?? 'unknown CPU',
  load: [loadAtStart, loadavg()[0]!],
  judged: judgments.length,
  heldOut: judgments.filter((judgment) => judgment.split === 'held-out').length,
  relevance,
  sizes,
  latency,
});
process.stdout.write(`${section}\n`);
if (!values['no-write']) await writeFile(docs, replaceSection(await readFile(docs, 'utf8'), section, '## Tool search'));
