// pnpm --filter @toolgate/quotes data:fetch [--base-url URL] [--out DIR] [--commit SHA]
// Downloads the full Quotable corpus, by default at the pinned commit (the one committed in
// data/quotable/) verified by sha256; `--commit` takes a newer quotable-io/data commit, checked
// as a corpus and its hashes printed for pinning. Then QUOTES_DATA_DIR=<out> serves it.
// Needs the network: the corpus the tests and benchmarks use is already in data/quotable/.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fetchCorpus } from '../data-fetch/fetch-corpus.ts';
import { DEFAULT_BASE_URL, PINNED_COMMIT } from '../data-fetch/pinned-corpus.ts';

const { values } = parseArgs({
  // pnpm passes a bare `--` through when flags follow it.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    'base-url': { type: 'string', default: DEFAULT_BASE_URL },
    out: { type: 'string', default: fileURLToPath(new URL('../../data/full/', import.meta.url)) },
    commit: { type: 'string', default: PINNED_COMMIT },
  },
});

try {
  const result = await fetchCorpus({ baseUrl: values['base-url'], outDir: values.out, commit: values.commit });
  const pinned = result.commit === PINNED_COMMIT;
  process.stdout.write(`${pinned ? 'verified' : 'loaded'} and wrote ${result.quotes} quotes (commit ${result.commit}):\n`);
  for (const file of result.files) process.stdout.write(`  ${file}\n`);
  if (!pinned) {
    process.stdout.write('not the pinned commit, so no hash was checked; to pin it (src/data-fetch/pinned-corpus.ts):\n');
    for (const [name, hash] of Object.entries(result.hashes)) process.stdout.write(`  ${name} ${hash}\n`);
  }
  process.stdout.write(`serve it with QUOTES_DATA_DIR=${values.out}\n`);
} catch (error) {
  process.stderr.write(`data:fetch: ${error instanceof Error ? error.message : String(error)}\n`);
  process.stderr.write('data:fetch needs the network; the pinned corpus is already in services/quotes/data/quotable/.\n');
  process.exit(1);
}
