import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCorpus } from '../src/corpus/load-corpus.ts';
import { ConfigError, createLogger, parseEnv } from '@toolgate/core/server';
import { quotesPackModule } from '../src/pack.ts';
import { QUOTABLE_DATA_DIR } from './helpers.ts';

describe('loading a Quotable-format corpus', () => {
  it('loads the Quotable corpus with derived author_slug, length and tag slugs', async () => {
    const corpus = await loadCorpus(QUOTABLE_DATA_DIR);
    expect(corpus.quotes).toHaveLength(2127);
    const camus = corpus.quotes.find((quote) => quote.id === 'WQbJJwEFP1l9');
    expect(camus).toEqual({
      id: 'WQbJJwEFP1l9',
      content: 'In the depth of winter, I finally learned that there was within me an invincible summer.',
      author: 'Albert Camus',
      author_slug: 'albert-camus',
      length: 88,
      tags: ['famous-quotes', 'inspirational'],
    });
    for (const quote of corpus.quotes) expect(quote.length).toBe(quote.content.length);
    // tags.json has 67 rows but 66 names ("Work" twice): one tag each.
    expect(corpus.tags).toHaveLength(66);
    expect(corpus.authors.get('albert-einstein')?.link).toBe('https://en.wikipedia.org/wiki/Albert_Einstein');
  });

  describe('a malformed directory stops the load, naming the file and the row', () => {
    let directory: string;
    beforeEach(async () => {
      directory = await mkdtemp(join(tmpdir(), 'quotes-corpus-'));
    });
    afterEach(async () => {
      await rm(directory, { recursive: true, force: true });
    });
    const write = (file: string, data: unknown) => writeFile(join(directory, file), typeof data === 'string' ? data : JSON.stringify(data));
    const good = { _id: 'a1', content: 'Know thyself.', author: 'Socrates', tags: ['Wisdom'] };

    it('without quotes.json', async () => {
      await expect(loadCorpus(directory)).rejects.toThrow(`${join(directory, 'quotes.json')}: no such file (ENOENT)`);
    });

    it('as the pack module starts: the variable, the absolute path and the reason', async () => {
      const start = quotesPackModule.create(parseEnv(quotesPackModule.envSchema, { QUOTES_DATA_DIR: directory }), { logger: createLogger({ level: 'silent' }) });
      await expect(start).rejects.toThrow(new ConfigError(`invalid configuration:\n  QUOTES_DATA_DIR: ${join(directory, 'quotes.json')}: no such file (ENOENT)`));
    });

    it('with quotes.json that is not JSON', async () => {
      await write('quotes.json', '[{"_id": ');
      await expect(loadCorpus(directory)).rejects.toThrow(/quotes\.json: not valid JSON/);
    });

    it('with quotes.json that is not an array', async () => {
      await write('quotes.json', { quotes: [] });
      await expect(loadCorpus(directory)).rejects.toThrow(/quotes\.json: expected a JSON array/);
    });

    it('with a row that lacks its content', async () => {
      await write('quotes.json', [good, { _id: 'b2', author: 'Plato', tags: [] }]);
      await expect(loadCorpus(directory)).rejects.toThrow(/quotes\.json: row 2 \(_id "b2"\) is invalid: content: /);
    });

    it('with tags that are not strings', async () => {
      await write('quotes.json', [{ ...good, tags: 'Wisdom' }]);
      await expect(loadCorpus(directory)).rejects.toThrow(/row 1 \(_id "a1"\) is invalid: tags: /);
    });

    it('with a repeated _id', async () => {
      await write('quotes.json', [good, { ...good, content: 'Other.' }]);
      await expect(loadCorpus(directory)).rejects.toThrow(/quotes\.json: row 2 \(_id "a1"\) repeats an _id/);
    });

    it('with a bad row in an optional file', async () => {
      await write('quotes.json', [good]);
      await write('authors.json', [{ _id: 'x', name: '' }]);
      await expect(loadCorpus(directory)).rejects.toThrow(/authors\.json: row 1 \(_id "x"\) is invalid: name: /);
    });

    it('accepts quotes.json alone, taking the tags from the quotes', async () => {
      await write('quotes.json', [good]);
      const corpus = await loadCorpus(directory);
      expect(corpus.tags).toEqual([{ name: 'Wisdom', slug: 'wisdom' }]);
      expect(corpus.quotes[0]?.author_slug).toBe('socrates');
    });
  });
});
