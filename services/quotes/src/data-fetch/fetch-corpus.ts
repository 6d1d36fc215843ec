import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCorpus } from '../corpus/load-corpus.ts';
import { unreachable } from './unreachable.ts';
import { PINNED_COMMIT, PINNED_FILES, type PinnedFile } from './pinned-corpus.ts';

export interface FetchCorpusOptions {
  baseUrl: string;
  outDir: string;
  /** Another quotable-io/data commit than the pinned one: its files are checked as a corpus, not by hash. */
  commit?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  files?: PinnedFile[];
}

export class FetchCorpusError extends Error {
  override readonly name = 'FetchCorpusError';
}

export interface FetchedCorpus {
  files: string[];
  quotes: number;
  commit: string;
  /** Each file's sha256 as written: what pinned-corpus.ts would pin for this commit. */
  hashes: Record<string, string>;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function download(url: string, fetchImpl: typeof globalThis.fetch, timeoutMs: number): Promise<string> {
  let response: Response;
  try {
    response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new FetchCorpusError(`${url}: ${unreachable(url, error, timeoutMs)}`);
  }
  if (!response.ok) throw new FetchCorpusError(`${url}: HTTP ${response.status}`);
  return response.text();
}

/**
 * Downloads every pinned file, checks its sha256, and only when all match (and the result loads
 * as a corpus) moves them into `outDir`: a failed or tampered download never leaves a half corpus.
 */
export async function fetchCorpus(options: FetchCorpusOptions): Promise<FetchedCorpus> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const files = options.files ?? PINNED_FILES;
  const commit = options.commit ?? PINNED_COMMIT;
  const hashes: Record<string, string> = {};
  await mkdir(options.outDir, { recursive: true });
  const staging = await mkdtemp(join(options.outDir, '.download-'));
  try {
    for (const file of files) {
      const url = `${options.baseUrl.replace(/\/+$/, '')}/${commit}/data/${file.name}`;
      const raw = await download(url, fetchImpl, options.timeoutMs ?? 30_000);
      let text: string;
      try {
        text = file.project ? file.project(raw) : raw;
      } catch (error) {
        throw new FetchCorpusError(`${url}: not the expected JSON (${(error as Error).message})`);
      }
      const actual = (hashes[file.name] = sha256(text));
      if (commit === PINNED_COMMIT && actual !== file.sha256) throw new FetchCorpusError(`${url}: sha256 ${actual} does not match the pinned ${file.sha256}`);
      await writeFile(join(staging, file.name), text);
    }
    const corpus = await loadCorpus(staging);
    for (const file of files) await rename(join(staging, file.name), join(options.outDir, file.name));
    return { files: files.map((file) => join(options.outDir, file.name)), quotes: corpus.quotes.length, commit, hashes };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
