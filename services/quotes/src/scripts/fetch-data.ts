// pnpm --filter @toolgate/quotes data:fetch [--base-url URL] [--out DIR]
// Downloads the full Quotable corpus at the pinned commit, verified by sha256; then
// QUOTES_DATA_DIR=<out> serves it.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fetchCorpus } from '../data-fetch/fetch-corpus.ts';
import { DEFAULT_BASE_URL } from '../data-fetch/pinned-corpus.ts';

const { values } = parseArgs({
  // pnpm passes a bare `--` through when flags follow it.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    'base-url': { type: 'string', default: DEFAULT_BASE_URL },
    out: { type: 'string', default: fileURLToPath(new URL('../../data/full/', import.meta.url)) },
  },
});

try {
  const result = await fetchCorpus({ baseUrl: values['base-url'], outDir: values.out });
  process.stdout.write(`verified and wrote ${result.quotes} quotes:\n${result.files.map((file) => `  ${file}`).join('\n')}\n`);
  process.stdout.write(`serve it with QUOTES_DATA_DIR=${values.out}\n`);
} catch (error) {
  process.stderr.write(`data:fetch: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
