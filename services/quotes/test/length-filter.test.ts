import { loadCorpus } from '../src/corpus/load-corpus.ts';
import type { Corpus, Quote } from '../src/corpus/quote.ts';
import { createQuoteEngine, type QuoteEngine } from '../src/engine/quote-engine.ts';
import { PoolCache } from '../src/engine/pool-cache.ts';
import { createQuotesApp, QUOTABLE_DATA_DIR, seededRandom, toolCaller } from './helpers.ts';

type Call = Awaited<ReturnType<typeof toolCaller>>['call'];
const inRange = (min = 0, max = Infinity) => (quote: Quote) => quote.length >= min && quote.length <= max;

describe('min_length and max_length on the Quotable corpus', () => {
  let corpus: Corpus;
  let engine: QuoteEngine;
  let call: Call;
  let tools: Awaited<ReturnType<typeof toolCaller>>['tools'];
  beforeAll(async () => {
    corpus = await loadCorpus(QUOTABLE_DATA_DIR);
    engine = createQuoteEngine(corpus, { random: seededRandom(3) });
    ({ call, tools } = await toolCaller((await createQuotesApp(QUOTABLE_DATA_DIR)).app));
  });

  describe('random_quote', () => {
    /** Draws until the pool is exhausted many times over, so the union of draws is the pool. */
    const pool = (filter: Parameters<QuoteEngine['random']>[1]) => {
      const seen = new Set<string>();
      for (let i = 0; i < 400; i += 1) for (const quote of engine.random(10, filter)) seen.add(quote.id);
      return seen;
    };
    const expected = (test: (quote: Quote) => boolean) => new Set(corpus.quotes.filter(test).map((quote) => quote.id));

    it('draws only from the quotes within the range, bounds included', () => {
      expect(pool({ max_length: 30 })).toEqual(expected(inRange(0, 30)));
      expect(pool({ min_length: 300 })).toEqual(expected(inRange(300)));
      const exact = corpus.quotes[0]!.length;
      expect(pool({ min_length: exact, max_length: exact })).toEqual(expected(inRange(exact, exact)));
    });

    it('combines with the tag and author filters', () => {
      expect(pool({ tags: 'wisdom', min_length: 40, max_length: 60 })).toEqual(expected((quote) => quote.tags.includes('wisdom') && inRange(40, 60)(quote)));
      expect(pool({ author: 'albert-einstein', max_length: 80 })).toEqual(expected((quote) => quote.author_slug === 'albert-einstein' && inRange(0, 80)(quote)));
    });

    it('says which filters matched nothing, in the single shape', async () => {
      const result = await call('random_quote', { tags: 'wisdom', min_length: 5_000 });
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toMatch(/No quote matches tags "wisdom" and length 5000-any/);
      expect((await call('random_quote', { limit: 3, min_length: 5_000 })).structuredContent).toEqual({ count: 0, quotes: [] });
    });

    it('returns quotes within the range over MCP', async () => {
      const { structuredContent } = await call('random_quote', { limit: 10, min_length: 100, max_length: 120 });
      expect(structuredContent.count).toBe(10);
      for (const quote of structuredContent.quotes) expect(quote.length).toBeGreaterThanOrEqual(100);
      for (const quote of structuredContent.quotes) expect(quote.length).toBeLessThanOrEqual(120);
    });
  });

  describe('search_quotes', () => {
    const allPages = (query: string, range: { min_length?: number; max_length?: number }) => {
      const units = engine.parseQuery(query);
      const first = engine.search(units, 0, 10_000, range);
      return { total: first.total, ids: first.quotes.map((quote) => quote.id), quotes: first.quotes };
    };

    it.each<[string, { min_length?: number; max_length?: number }]>([
      ['love', { min_length: 50, max_length: 100 }],
      ['the meaning of life', { max_length: 140 }],
      ['"be yourself"', { min_length: 60, max_length: 120 }],
      ['love qwxzvbnm', { max_length: 60 }],
    ])('%j restricted to %j is the unrestricted result minus the quotes out of range, in the same order', (query, range) => {
      const unrestricted = allPages(query, {});
      const restricted = allPages(query, range);
      const keep = inRange(range.min_length, range.max_length);
      expect(restricted.ids).toEqual(unrestricted.quotes.filter(keep).map((quote) => quote.id));
      expect(restricted.total).toBe(restricted.ids.length);
      expect(restricted.total).toBeGreaterThan(0);
      expect(restricted.total).toBeLessThan(unrestricted.total);
    });

    it('falls back to partial matches among the quotes in range when none in range has every word', () => {
      // Below the shortest quote holding both words, the quotes holding either one come back.
      const both = allPages('love life', {}).quotes;
      const max = Math.min(...both.map((quote) => quote.length)) - 1;
      const restricted = allPages('love life', { max_length: max });
      expect(restricted.total).toBeGreaterThan(0);
      expect(restricted.total).toBe(allPages('love', { max_length: max }).total + allPages('life', { max_length: max }).total);
    });

    it('pages and counts within the range over MCP', async () => {
      const { structuredContent } = await call('search_quotes', { query: 'life', limit: 10, min_length: 100, max_length: 200 });
      expect(structuredContent.total).toBe(allPages('life', { min_length: 100, max_length: 200 }).total);
      expect(structuredContent.total_pages).toBe(Math.ceil(structuredContent.total / 10));
      for (const quote of structuredContent.quotes) expect(quote.length).toBeGreaterThanOrEqual(100);
    });
  });

  it('publishes the bounds as integers of at least 0 in both tools', () => {
    for (const name of ['random_quote', 'search_quotes']) {
      const { properties } = tools.find((tool) => tool.name === name)!.inputSchema;
      expect(properties.min_length).toMatchObject({ type: 'integer', minimum: 0 });
      expect(properties.max_length).toMatchObject({ type: 'integer', minimum: 0 });
    }
  });

  it.each([
    [{ min_length: 100, max_length: 50 }, /max_length: min_length must not be greater than max_length/],
    [{ min_length: -1 }, /min_length: min_length must be at least 0/],
    [{ max_length: 2.5 }, /max_length: max_length must be a whole number/],
    [{ max_length: '100' }, /max_length: .*expected number/],
    [{ min_length: 1e9 }, /min_length must be at most 100000/],
  ])('both tools refuse %j with a clear message', async (args, message) => {
    for (const [name, base] of [['random_quote', {}], ['search_quotes', { query: 'love' }]] as const) {
      const result = await call(name, { ...base, ...args });
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toMatch(message);
    }
  });
});

describe('the filter pool cache', () => {
  const pool = (size: number) => new Int32Array(size);

  it('evicts the oldest pools when the documents they hold would exceed the budget', () => {
    const cache = new PoolCache(10, 100);
    cache.set('a', pool(60));
    cache.set('b', pool(30));
    cache.set('c', pool(20));
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
  });

  it('bounds the number of entries and never keeps a pool larger than the budget', () => {
    const cache = new PoolCache(2, 100);
    cache.set('a', undefined);
    cache.set('b', pool(1));
    cache.set('c', pool(1));
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
    cache.set('huge', pool(101));
    expect(cache.has('huge')).toBe(false);
    expect(cache.has('c')).toBe(true);
  });
});
