import { ToolError } from '@toolgate/core';
import { buildCorpus, loadCorpus } from '../src/corpus/load-corpus.ts';
import type { Corpus } from '../src/corpus/quote.ts';
import { createQuoteEngine } from '../src/engine/quote-engine.ts';
import { samplePositions } from '../src/engine/sample.ts';
import { QUOTABLE_DATA_DIR, seededRandom } from './helpers.ts';

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: number[]): number {
  const expected = counts.reduce((sum, count) => sum + count, 0) / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}
// Upper 0.1% point of chi-square with 19 degrees of freedom: a fair sampler exceeds it 1 run in 1,000.
const CRITICAL_19_DF = 43.82;

describe('random selection', () => {
  // 20 quotes tagged wisdom among 30, so the filter's pool has 20 members.
  const corpus = buildCorpus(
    Array.from({ length: 30 }, (_, i) => ({ _id: `q${i}`, content: `Quote ${i}`, author: i % 2 ? 'Seneca' : 'Confucius', tags: i < 20 ? ['Wisdom'] : ['Life'] })),
  );

  it('is uniform over the filtered pool, with no repeats within a call (chi-square, fixed seed)', () => {
    const engine = createQuoteEngine(corpus, { random: seededRandom(2024) });
    const counts = new Map<string, number>();
    const firstPlace = new Map<string, number>();
    let repeats = 0;
    for (let call = 0; call < 20_000; call += 1) {
      const quotes = engine.random(3, { tags: 'wisdom' });
      if (new Set(quotes.map((quote) => quote.id)).size !== 3) repeats += 1;
      for (const quote of quotes) counts.set(quote.id, (counts.get(quote.id) ?? 0) + 1);
      firstPlace.set(quotes[0]!.id, (firstPlace.get(quotes[0]!.id) ?? 0) + 1);
    }
    expect(repeats).toBe(0);
    expect([...counts.keys()].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `q${i}`).sort());
    expect(chiSquare([...counts.values()])).toBeLessThan(CRITICAL_19_DF);
    expect(chiSquare([...firstPlace.values()])).toBeLessThan(CRITICAL_19_DF);
  });

  it('single draws (limit 1, the usual call) are uniform over the pool too, and a pool of one needs no draw', () => {
    const engine = createQuoteEngine(corpus, { random: seededRandom(99) });
    const counts = new Map<string, number>();
    for (let call = 0; call < 20_000; call += 1) {
      const [quote] = engine.random(1, { tags: 'wisdom' });
      counts.set(quote!.id, (counts.get(quote!.id) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `q${i}`).sort());
    expect(chiSquare([...counts.values()])).toBeLessThan(CRITICAL_19_DF);
    expect(samplePositions(1, 1, () => {
      throw new Error('drew for a pool of one');
    })).toEqual([0]);
  });

  it('the statistic does catch a biased sampler', () => {
    // A generator skewed towards low numbers (a power of the draw) must fail the same test.
    const skewed = seededRandom(2024);
    const counts = new Array<number>(20).fill(0);
    for (let i = 0; i < 20_000; i += 1) counts[samplePositions(20, 1, () => skewed() ** 1.2)[0]!]! += 1;
    expect(chiSquare(counts)).toBeGreaterThan(CRITICAL_19_DF);
  });

  it('returns the whole pool, shuffled, when fewer quotes match than asked for', () => {
    const engine = createQuoteEngine(corpus, { random: seededRandom(7) });
    const quotes = engine.random(10, { tags: 'life', author: 'seneca' });
    expect(quotes.map((quote) => quote.id).sort()).toEqual(['q21', 'q23', 'q25', 'q27', 'q29']);
    expect(samplePositions(4, 10, seededRandom(1)).sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('filters on the Quotable corpus', () => {
  let corpus: Corpus;
  beforeAll(async () => {
    corpus = await loadCorpus(QUOTABLE_DATA_DIR);
  });
  /** Draws until the pool is exhausted many times over, so the union of draws is the pool. */
  const pool = (filter: { tags?: string; author?: string }) => {
    const engine = createQuoteEngine(corpus, { random: seededRandom(99) });
    const seen = new Set<string>();
    for (let i = 0; i < 400; i += 1) for (const quote of engine.random(10, filter)) seen.add(quote.id);
    return seen;
  };
  const expected = (test: (tags: string[], author: string) => boolean) =>
    new Set(corpus.quotes.filter((quote) => test(quote.tags, quote.author_slug)).map((quote) => quote.id));

  it('"," means all of the tags', () => {
    expect(pool({ tags: 'love,friendship' })).toEqual(expected((tags) => tags.includes('love') && tags.includes('friendship')));
  });

  it('"|" means any of the tags, and "," binds tighter', () => {
    expect(pool({ tags: 'history|science' })).toEqual(expected((tags) => tags.includes('history') || tags.includes('science')));
    expect(pool({ tags: 'love,friendship|science' })).toEqual(
      expected((tags) => (tags.includes('love') && tags.includes('friendship')) || tags.includes('science')),
    );
  });

  it('normalises case and spacing, accepting slugs or display names', () => {
    const draw = (tags: string) => createQuoteEngine(corpus, { random: seededRandom(5) }).random(10, { tags }).map((quote) => quote.id);
    const reference = draw('famous-quotes');
    expect(draw('Famous Quotes')).toEqual(reference);
    expect(draw('  FAMOUS   QUOTES ')).toEqual(reference);
    expect(draw('self help|Power Quotes')).toEqual(draw('self-help|power-quotes'));
  });

  it('filters by author slug, "|" meaning any of them, combined with tags', () => {
    expect(pool({ author: 'albert-einstein|mark-twain' })).toEqual(expected((_, author) => author === 'albert-einstein' || author === 'mark-twain'));
    expect(pool({ author: 'albert-einstein', tags: 'famous-quotes' })).toEqual(
      expected((tags, author) => author === 'albert-einstein' && tags.includes('famous-quotes')),
    );
  });

  it('rejects an unknown tag, naming it', () => {
    const engine = createQuoteEngine(corpus);
    expect(() => engine.random(1, { tags: 'love,unicorns' })).toThrow(ToolError);
    expect(() => engine.random(1, { tags: 'love,unicorns' })).toThrow(/"unicorns".*list_tags/);
  });

  it('matches nothing for an unknown author', () => {
    expect(createQuoteEngine(corpus).random(5, { author: 'nobody-at-all' })).toEqual([]);
  });
});
