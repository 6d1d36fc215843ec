import { readFileSync } from 'node:fs';
import { loadCorpus } from '../src/corpus/load-corpus.ts';
import type { Quote } from '../src/corpus/quote.ts';
import { createQuoteEngine, type QuoteEngine } from '../src/engine/quote-engine.ts';
import { meanNdcg, scoreEngine, type Judgment } from '../src/bench/relevance.ts';
import { QUOTABLE_DATA_DIR } from './helpers.ts';

// Issue 24's ranking rules, on the real 2,127-quote corpus.
let engine: QuoteEngine;
let bm25: QuoteEngine;
let quotes: Quote[];
beforeAll(async () => {
  const corpus = await loadCorpus(QUOTABLE_DATA_DIR);
  quotes = corpus.quotes;
  engine = createQuoteEngine(corpus);
  bm25 = createQuoteEngine(corpus, { ranking: 'bm25' });
});

const all = (query: string, on = engine) => on.search(on.parseQuery(query), 0, 3_000).quotes;
const text = (quote: Quote) => `${quote.content} ${quote.author} ${quote.tags.join(' ')}`;
/** The position of the first quote failing `test`; every quote before it passes, and none after it may. */
function splitsCleanly(results: Quote[], test: (quote: Quote) => boolean): number {
  const passes = results.map(test);
  const first = passes.indexOf(false);
  expect(first).toBeGreaterThan(0);
  expect(passes.slice(first)).not.toContain(true);
  return first;
}

describe('exact words above stem-only matches', () => {
  it('"happiness": every quote with the word "happiness" before any saying only "happy" (Mark Twain\'s "Whoever is happy…" among them)', () => {
    const results = all('happiness');
    const first = splitsCleanly(results, (quote) => /\bhappiness\b/i.test(text(quote)));
    const twain = results.findIndex((quote) => quote.content.startsWith('Whoever is happy will make others happy'));
    expect(twain).toBeGreaterThanOrEqual(first);
    // The ranking before issue 24 put it first.
    expect(all('happiness', bm25)[0]!.content).toMatch(/^Whoever is happy/);
  });

  it('"lives": quotes saying "lives" before those saying only live, lived or living', () => {
    splitsCleanly(all('lives'), (quote) => /\blives\b/i.test(text(quote)));
  });

  it('counts per word: with two words, two exact words beat one', () => {
    const results = all('loving life');
    const exact = (quote: Quote) => [/\bloving\b/i, /\blife\b/i].filter((word) => word.test(text(quote))).length;
    const counts = results.map(exact);
    expect(counts[0]).toBe(2);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });
});

describe('typos: one in words of 5+ letters, two in 9+, ranked below exact matches', () => {
  it('one typo finds the word ("hapiness", "sucess", "beleive" by a swap), as the BM25-only ranking did not', () => {
    for (const [typed, word] of [['hapiness', 'happiness'], ['sucess', 'success'], ['beleive', 'believe']] as const) {
      expect(all(typed, bm25)).toEqual([]);
      expect(all(typed).slice(0, 10).map((quote) => quote.id)).toEqual(all(word).slice(0, 10).map((quote) => quote.id));
    }
  });

  it('two typos from 9 letters ("imagnaton" for imagination), not below ("korage": 6 letters, two from courage)', () => {
    expect(all('imagnaton')[0]!.content).toMatch(/\bimagination\b/i);
    expect(all('korage').some((quote) => /\bcourage\b/i.test(quote.content))).toBe(false);
  });

  it('none in words under 5 letters ("lvoe", "truht")', () => {
    expect(all('lvoe')).toEqual([]);
    expect(all('truht').length).toBeGreaterThan(0); // 5 letters: one swap is allowed
    expect(all('trut').length).toBe(0); // 4 letters
  });

  it('"world": every quote holding world(s) before the quotes found only through a typo ("would", "words")', () => {
    const results = all('world');
    splitsCleanly(results, (quote) => /\bworlds?\b/i.test(text(quote)));
    expect(results.some((quote) => /\bwould\b/i.test(quote.content))).toBe(true);
  });
});

describe('quoted phrases', () => {
  it('the exact phrase before its stems in order ("never gives up" after "never give up")', () => {
    splitsCleanly(all('"never give up"'), (quote) => /never,? give up/i.test(quote.content));
  });

  it('quotes holding the phrase first when no quote has every part of the query', () => {
    const results = all('"be yourself" happiness');
    const first = splitsCleanly(results, (quote) => /\bbe yourself\b/i.test(quote.content));
    expect(first).toBe(all('"be yourself"').length);
  });
});

describe('the judged set (test/relevance)', () => {
  const judgments = JSON.parse(readFileSync(new URL('./relevance/judgments.json', import.meta.url), 'utf8')) as Judgment[];

  it('has at least 30 queries, every judged id a quote of the corpus', () => {
    expect(judgments.length).toBeGreaterThanOrEqual(30);
    const ids = new Set(quotes.map((quote) => quote.id));
    for (const judgment of judgments) for (const id of Object.keys(judgment.grades ?? {})) expect(ids).toContain(id);
  });

  it('ranks better than the BM25-only ranking, also without the misspelled queries', () => {
    const spelled = judgments.filter((judgment) => judgment.grades);
    expect(meanNdcg(scoreEngine(engine, judgments))).toBeGreaterThan(meanNdcg(scoreEngine(bm25, judgments)));
    expect(meanNdcg(scoreEngine(engine, spelled))).toBeGreaterThan(meanNdcg(scoreEngine(bm25, spelled)));
  });
});
