import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchCorpus } from '../src/data-fetch/fetch-corpus.ts';
import { PINNED_COMMIT, PINNED_FILES } from '../src/data-fetch/pinned-corpus.ts';
import { QUOTABLE_DATA_DIR } from './helpers.ts';

/** Stands in for the raw file host: serves the committed files at /<commit>/data/<file>, or what a test overrides. */
async function startFileServer(overrides: Record<string, { status?: number; body?: string }> = {}, commit = PINNED_COMMIT) {
  const requests: string[] = [];
  const server: Server = createServer(async (req, res) => {
    requests.push(req.url ?? '');
    const match = /^\/([0-9a-f]{40})\/data\/([a-z]+\.json)$/.exec(req.url ?? '');
    if (!match || match[1] !== commit) return res.writeHead(404).end('not found');
    const override = overrides[match[2]!];
    if (override) return res.writeHead(override.status ?? 200).end(override.body ?? '');
    res.writeHead(200, { 'content-type': 'text/plain' }).end(await readFile(join(QUOTABLE_DATA_DIR, match[2]!)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

it('the committed data/quotable/ is the pinned corpus, byte for byte', async () => {
  for (const file of PINNED_FILES) {
    expect([file.name, createHash('sha256').update(await readFile(join(QUOTABLE_DATA_DIR, file.name))).digest('hex')]).toEqual([file.name, file.sha256]);
  }
});

describe('data:fetch (against a local file server)', () => {
  let outDir: string;
  let server: Awaited<ReturnType<typeof startFileServer>> | undefined;
  beforeEach(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'quotes-fetch-'));
    server = undefined;
  });
  afterEach(async () => {
    await server?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  it('downloads the pinned files, verifies their sha256 and writes a loadable corpus', async () => {
    server = await startFileServer();
    const result = await fetchCorpus({ baseUrl: server.baseUrl, outDir });
    expect(result.quotes).toBe(2127);
    expect(server.requests.sort()).toEqual(['authors.json', 'quotes.json', 'tags.json'].map((file) => `/${PINNED_COMMIT}/data/${file}`));
    for (const file of ['quotes.json', 'authors.json', 'tags.json']) {
      expect(await readFile(join(outDir, file), 'utf8')).toBe(await readFile(join(QUOTABLE_DATA_DIR, file), 'utf8'));
    }
  });

  it('drops the upstream author bios before checking the hash', async () => {
    const authors = JSON.parse(await readFile(join(QUOTABLE_DATA_DIR, 'authors.json'), 'utf8')) as Record<string, unknown>[];
    const upstream = JSON.stringify(authors.map((author) => ({ ...author, bio: 'Wikipedia text', description: 'x' })), null, 2);
    server = await startFileServer({ 'authors.json': { body: upstream } });
    await expect(fetchCorpus({ baseUrl: server.baseUrl, outDir })).resolves.toMatchObject({ quotes: 2127 });
  });

  it('refuses a file whose sha256 does not match, and writes nothing', async () => {
    const quotes = await readFile(join(QUOTABLE_DATA_DIR, 'quotes.json'), 'utf8');
    server = await startFileServer({ 'quotes.json': { body: quotes.replace('invincible summer', 'invincible winter') } });
    await expect(fetchCorpus({ baseUrl: server.baseUrl, outDir })).rejects.toThrow(/quotes\.json: sha256 [0-9a-f]{64} does not match the pinned ac39aa7d/);
    expect(await readdir(outDir)).toEqual([]);
  });

  it('reports an HTTP failure with the URL, writing nothing', async () => {
    server = await startFileServer({ 'tags.json': { status: 503 } });
    await expect(fetchCorpus({ baseUrl: server.baseUrl, outDir })).rejects.toThrow(/\/data\/tags\.json: HTTP 503/);
    expect(await readdir(outDir)).toEqual([]);
  });

  it('says which host could not be reached and why', async () => {
    const closed = await startFileServer();
    await closed.close();
    const host = new URL(closed.baseUrl).host;
    await expect(fetchCorpus({ baseUrl: closed.baseUrl, outDir, timeoutMs: 2_000 })).rejects.toThrow(`${host} refused the connection (ECONNREFUSED)`);
    const offline = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND raw.githubusercontent.com' } });
    await expect(fetchCorpus({ baseUrl: 'https://raw.githubusercontent.com/quotable-io/data', outDir, fetch: () => Promise.reject(offline) })).rejects.toThrow(
      'raw.githubusercontent.com cannot be found (DNS lookup failed, ENOTFOUND): is this machine offline?',
    );
  });

  it('takes a newer commit: no pinned hash applies, the files must load as a corpus, their hashes are returned', async () => {
    const newer = 'a'.repeat(40);
    const quotes = await readFile(join(QUOTABLE_DATA_DIR, 'quotes.json'), 'utf8');
    const edited = quotes.replace('invincible summer', 'invincible winter');
    server = await startFileServer({ 'quotes.json': { body: edited } }, newer);
    const result = await fetchCorpus({ baseUrl: server.baseUrl, outDir, commit: newer });
    expect(result).toMatchObject({ commit: newer, quotes: 2127 });
    expect(result.hashes['quotes.json']).toBe(createHash('sha256').update(edited).digest('hex'));
    expect(await readFile(join(outDir, 'quotes.json'), 'utf8')).toBe(edited);

    await server.close();
    server = await startFileServer({ 'quotes.json': { body: '[{"_id": 1}]' } }, newer);
    await rm(outDir, { recursive: true, force: true });
    await expect(fetchCorpus({ baseUrl: server.baseUrl, outDir, commit: newer })).rejects.toThrow(/quotes\.json: row 1 \(_id 1\) is invalid/);
  });
});
