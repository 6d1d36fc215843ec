// pnpm --filter @toolgate/quotes relevance [--no-write]
// nDCG@10 of search_quotes' ranking on the judged queries (test/relevance/judgments.json), against
// the BM25-only ranking of before issue 24, on the committed 2,127-quote Quotable corpus; writes the
// "Quotes search relevance" section of docs/benchmarks.md.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { meanNdcg, scoreEngine, type Judgment } from '../bench/relevance.ts';
import { writeSection } from '../bench/write-section.ts';
import { QUOTABLE_DATA_DIR } from '../pack.ts';
import { loadCorpus } from '../corpus/load-corpus.ts';
import { createQuoteEngine } from '../engine/quote-engine.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { 'no-write': { type: 'boolean', default: false } },
});
const judgmentsFile = fileURLToPath(new URL('../../test/relevance/judgments.json', import.meta.url));
const docs = fileURLToPath(new URL('../../../../docs/benchmarks.md', import.meta.url));

const judgments = JSON.parse(await readFile(judgmentsFile, 'utf8')) as Judgment[];
const corpus = await loadCorpus(QUOTABLE_DATA_DIR);
const before = scoreEngine(createQuoteEngine(corpus, { ranking: 'bm25' }), judgments);
const after = scoreEngine(createQuoteEngine(corpus), judgments);

// The misspelled queries (judged as their spelling) found nothing before typo tolerance.
const spelled = judgments.filter((judgment) => judgment.grades);
const spelledOf = (scores: typeof before) => scores.filter((_, at) => judgments[at]!.grades);
const rows = before.map((old, at) => {
  const now = after[at]!;
  const marks = [old.unjudged, now.unjudged].map((count) => (count > 0 ? ` (${count} unjudged)` : ''));
  return `| \`${old.query}\` | ${old.ndcg.toFixed(3)}${marks[0]} | ${now.ndcg.toFixed(3)}${marks[1]} |`;
});
const section = [
  '## Quotes search relevance',
  '',
  `Run by \`pnpm --filter @toolgate/quotes relevance\` (${new Date().toISOString().slice(0, 10)}): nDCG@10 (gain 2^grade − 1) of \`search_quotes\` on the ${judgments.length} judged queries of \`services/quotes/test/relevance/\` (how they were judged: its README), on the 2,127-quote corpus. Before: BM25F over Porter stems alone (the ranking until issue 24, kept as \`ranking: 'bm25'\`); after: exact words, then other forms of the stem, then typos, then BM25F.`,
  '',
  `| | before | after |`,
  '|---|---|---|',
  `| **mean nDCG@10** | **${meanNdcg(before).toFixed(3)}** | **${meanNdcg(after).toFixed(3)}** |`,
  `| mean, the ${spelled.length} queries spelled correctly | ${meanNdcg(spelledOf(before)).toFixed(3)} | ${meanNdcg(spelledOf(after)).toFixed(3)} |`,
  ...rows,
  '',
].join('\n');
process.stdout.write(`${section}\n`);
if (!values['no-write']) await writeSection(docs, '## Quotes search relevance', section);
