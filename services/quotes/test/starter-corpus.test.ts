import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCorpus } from '../src/corpus/load-corpus.ts';
import { slugify } from '../src/corpus/slug.ts';
import { STARTER_DATA_DIR } from '../src/pack.ts';
import { QUOTABLE_DATA_DIR } from './helpers.ts';

const readJson = async (directory: string, file: string) => JSON.parse(await readFile(join(directory, file), 'utf8')) as Record<string, unknown>[];

describe('the built-in starter corpus', () => {
  it('holds at least 300 quotations in Quotable format, each id and text once', async () => {
    const rows = await readJson(STARTER_DATA_DIR, 'quotes.json');
    expect(rows.length).toBeGreaterThanOrEqual(300);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['_id', 'author', 'content', 'tags']);
    expect(new Set(rows.map((row) => row._id)).size).toBe(rows.length);
    const texts = rows.map((row) => String(row.content).toLowerCase().replace(/\W+/g, ' ').trim());
    expect(new Set(texts).size).toBe(rows.length);
    const corpus = await loadCorpus(STARTER_DATA_DIR);
    expect(corpus.quotes).toHaveLength(rows.length);
  });

  it("tags every quote, only with Quotable's tag names", async () => {
    const quotable = new Set((await readJson(QUOTABLE_DATA_DIR, 'tags.json')).map((tag) => tag.name));
    const rows = await readJson(STARTER_DATA_DIR, 'quotes.json');
    for (const row of rows) {
      const tags = row.tags as string[];
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(quotable).toContain(tag);
    }
    const starterTags = (await readJson(STARTER_DATA_DIR, 'tags.json')).map((tag) => tag.name);
    expect(new Set(starterTags)).toEqual(quotable);
  });

  it('lists every author of a quote in authors.json', async () => {
    const authors = new Set((await readJson(STARTER_DATA_DIR, 'authors.json')).map((author) => slugify(String(author.name))));
    for (const row of await readJson(STARTER_DATA_DIR, 'quotes.json')) expect(authors).toContain(slugify(String(row.author)));
  });
});
