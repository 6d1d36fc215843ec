// pnpm --filter @toolgate/quotes bench [--synthetic N] [--no-write]
// Measures the quote engine and writes the "Quotes engine" section of docs/benchmarks.md.
import { rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatRows, QUERIES, runQuotesBench } from '../bench/quotes-bench.ts';
import { writeSection } from '../bench/write-section.ts';
import { QUOTABLE_DATA_DIR } from '../pack.ts';

const { values } = parseArgs({
  // pnpm passes a bare `--` through when flags follow it.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { synthetic: { type: 'string', default: '200000' }, 'no-write': { type: 'boolean', default: false } },
});
const docs = fileURLToPath(new URL('../../../../docs/benchmarks.md', import.meta.url));

const startLoad = loadavg()[0]!.toFixed(1);
const { rows, directory } = await runQuotesBench(QUOTABLE_DATA_DIR, Number(values.synthetic));
await rm(directory, { recursive: true, force: true });
const table = formatRows(rows);
const section = [
  '## Quotes engine',
  '',
  `Run by \`pnpm --filter @toolgate/quotes bench\` (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores shared, load average ${startLoad} at the start: p99 figures move with it, ratios within a run much less).`,
  'In process: input validation, the handler and output validation, as the dispatcher runs them, without HTTP.',
  `Queries, round-robin: ${QUERIES.map((query) => `\`${query}\``).join(', ')}.`,
  'check_attribution inputs, round-robin (seeded draws from the corpus): a quote with its author; upper case without punctuation; one word dropped under another author; two words replaced; its first eight words; a text the corpus lacks.',
  'The synthetic corpus draws words, quote lengths, authors and tag sets from the real corpus by their frequency (seeded), in a temp directory.',
  '',
  table,
  '',
].join('\n');
process.stdout.write(`${section}\n`);
if (!values['no-write']) await writeSection(docs, '## Quotes engine', section);
