import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCorpus } from '../src/corpus/load-corpus.ts';
import type { Corpus } from '../src/corpus/quote.ts';
import { slugify } from '../src/corpus/slug.ts';
import { createQuotesApp, QUOTABLE_DATA_DIR, toolCaller } from './helpers.ts';

type Call = Awaited<ReturnType<typeof toolCaller>>['call'];

describe('get_quote and get_author on the Quotable corpus', () => {
  let call: Call;
  let corpus: Corpus;
  beforeAll(async () => {
    corpus = await loadCorpus(QUOTABLE_DATA_DIR);
    ({ call } = await toolCaller((await createQuotesApp(QUOTABLE_DATA_DIR)).app));
  });

  describe('get_quote', () => {
    it('returns the quote with that _id, its six fields', async () => {
      const { structuredContent } = await call('get_quote', { id: 'WQbJJwEFP1l9' });
      expect(structuredContent).toEqual(corpus.quotes.find((quote) => quote.id === 'WQbJJwEFP1l9'));
      expect(structuredContent.author).toBe('Albert Camus');
    });

    it('finds every quote of the corpus by its id (first, last and a random draw)', async () => {
      const drawn = (await call('random_quote', { limit: 10 })).structuredContent.quotes;
      for (const quote of [corpus.quotes[0]!, corpus.quotes.at(-1)!, ...drawn]) {
        expect((await call('get_quote', { id: quote.id })).structuredContent).toEqual(quote);
      }
    });

    it.each([
      [{ id: 'no-such-id' }, /No quote has id "no-such-id".*random_quote/],
      [{ id: 'wqbjjwefp1l9' }, /No quote has id "wqbjjwefp1l9".*case-sensitive/],
      [{ id: '  ' }, /id must not be empty/],
      [{ id: 42 }, /id: .*expected string/],
      [{}, /id: /],
    ])('answers %j with a clear error', async (args, message) => {
      const result = await call('get_quote', args);
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toMatch(message);
    });
  });

  describe('get_author', () => {
    const expectedTags = (slug: string) => {
      const counts = new Map<string, number>();
      for (const quote of corpus.quotes.filter((q) => q.author_slug === slug)) for (const tag of quote.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      return counts;
    };

    it('gives the name, quote count, tags with counts and the link, by slug or by name', async () => {
      const { structuredContent } = await call('get_author', { slug: 'albert-einstein' });
      expect(structuredContent).toMatchObject({
        name: 'Albert Einstein',
        slug: 'albert-einstein',
        quote_count: corpus.quotes.filter((quote) => quote.author_slug === 'albert-einstein').length,
        link: 'https://en.wikipedia.org/wiki/Albert_Einstein',
        bio: null,
        description: null,
      });
      expect(structuredContent.quote_count).toBeGreaterThan(10);
      const tags = structuredContent.tags as { name: string; slug: string; quote_count: number }[];
      expect(new Map(tags.map((tag) => [tag.slug, tag.quote_count]))).toEqual(expectedTags('albert-einstein'));
      expect(tags.map((tag) => tag.quote_count)).toEqual(tags.map((tag) => tag.quote_count).sort((a, b) => b - a));
      expect(tags).toContainEqual({ name: 'Famous Quotes', slug: 'famous-quotes', quote_count: expectedTags('albert-einstein').get('famous-quotes') });
      expect((await call('get_author', { slug: 'Albert EINSTEIN' })).structuredContent).toEqual(structuredContent);
    });

    it('agrees with list_authors for the most quoted authors', async () => {
      const { authors } = (await call('list_authors', { limit: 5 })).structuredContent;
      for (const listed of authors) {
        const { structuredContent } = await call('get_author', { slug: listed.slug });
        expect(structuredContent).toMatchObject({ name: listed.name, slug: listed.slug, quote_count: listed.quote_count, link: listed.link });
      }
    });

    it('answers for an author authors.json lists without quotes, with a count of 0', async () => {
      const quoted = new Set(corpus.quotes.map((quote) => quote.author_slug));
      const unquoted = [...corpus.authors.values()].find((author) => !quoted.has(author.slug));
      expect(unquoted).toBeDefined();
      const { structuredContent } = await call('get_author', { slug: unquoted!.slug });
      expect(structuredContent).toMatchObject({ name: unquoted!.name, slug: unquoted!.slug, quote_count: 0, tags: [], link: unquoted!.link });
    });

    it.each([
      [{ slug: 'nobody-at-all' }, /No author "nobody-at-all".*list_authors/],
      [{ slug: '-- !' }, /slug must contain letters or digits/],
      [{ slug: 'x'.repeat(201) }, /slug must be at most 200 characters/],
      [{}, /slug: /],
    ])('answers %j with a clear error', async (args, message) => {
      const result = await call('get_author', args);
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toMatch(message);
    });
  });
});

describe('get_author with an authors.json that carries bio and description (as Quotable\'s own data did)', () => {
  let directory: string;
  let call: Call;
  beforeAll(async () => {
    // The Quotable quotes and authors with Einstein's bio and description added as
    // Quotable's /authors API served them (hand-copied from a recorded response; see SOURCES.md).
    directory = await mkdtemp(join(tmpdir(), 'quotes-bios-'));
    const authors = JSON.parse(await readFile(join(QUOTABLE_DATA_DIR, 'authors.json'), 'utf8')) as { name: string }[];
    const withBio = authors.map((author) =>
      slugify(author.name) === 'albert-einstein' ? { ...author, bio: EINSTEIN_BIO, description: 'Theoretical physicist' } : author,
    );
    await writeFile(join(directory, 'authors.json'), JSON.stringify(withBio));
    await writeFile(join(directory, 'quotes.json'), await readFile(join(QUOTABLE_DATA_DIR, 'quotes.json')));
    ({ call } = await toolCaller((await createQuotesApp(directory)).app));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('returns them, and null for an author whose row lacks them', async () => {
    const einstein = (await call('get_author', { slug: 'albert-einstein' })).structuredContent;
    expect(einstein).toMatchObject({ bio: EINSTEIN_BIO, description: 'Theoretical physicist', link: 'https://en.wikipedia.org/wiki/Albert_Einstein' });
    expect((await call('get_author', { slug: 'albert-camus' })).structuredContent).toMatchObject({ bio: null, description: null });
  });
});

const EINSTEIN_BIO =
  'Albert Einstein (14 March 1879 – 18 April 1955) was a German-born theoretical physicist who developed the theory of relativity, one of the two pillars of modern physics (alongside quantum mechanics). His work is also known for its influence on the philosophy of science.';
