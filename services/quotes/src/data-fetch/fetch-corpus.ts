import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCorpus } from '../corpus/load-corpus.ts';
import { PINNED_COMMIT, PINNED_FILES, type PinnedFile } from './pinned-corpus.ts';

export interface FetchCorpusOptions {
  baseUrl: string;
  outDir: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  files?: PinnedFile[];
}

export class FetchCorpusError extends Error {
  override readonly name = 'FetchCorpusError';
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function download(url: string, fetchImpl: typeof globalThis.fetch, timeoutMs: number): Promise<string> {
  let response: Response;
  try {
    response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new FetchCorpusError(`${url}: download failed (${(error as Error).message})`);
  }
  if (!response.ok) throw new FetchCorpusError(`${url}: HTTP ${response.status}`);
  return response.text();
}

/**
 * Downloads every pinned file, checks its sha256, and only when all match (and the result loads
 * as a corpus) moves them into `outDir`: a failed or tampered download never leaves a half corpus.
 */
export async function fetchCorpus(options: FetchCorpusOptions): Promise<{ files: string[]; quotes: number }> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const files = options.files ?? PINNED_FILES;
  await mkdir(options.outDir, { recursive: true });
  const staging = await mkdtemp(join(options.outDir, '.download-'));
  try {
    for (const file of files) {
      const url = `${options.baseUrl.replace(/\/+$/, '')}/${PINNED_COMMIT}/data/${file.name}`;
      const raw = await download(url, fetchImpl, options.timeoutMs ?? 30_000);
      let text: string;
      try {
        text = file.project ? file.project(raw) : raw;
      } catch (error) {
        throw new FetchCorpusError(`${url}: not the expected JSON (${(error as Error).message})`);
      }
      const actual = sha256(text);
      if (actual !== file.sha256) throw new FetchCorpusError(`${url}: sha256 ${actual} does not match the pinned ${file.sha256}`);
      await writeFile(join(staging, file.name), text);
    }
    const corpus = await loadCorpus(staging);
    for (const file of files) await rename(join(staging, file.name), join(options.outDir, file.name));
    return { files: files.map((file) => join(options.outDir, file.name)), quotes: corpus.quotes.length };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
