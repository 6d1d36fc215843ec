import { analyse, stem, tokenize, typoDistance, typosAllowed } from '@toolgate/text-analysis';
import { buildCorpus, loadCorpus } from '../src/corpus/load-corpus.ts';
import type { Quote } from '../src/corpus/quote.ts';
import { createQuoteEngine, type QuoteEngine } from '../src/engine/quote-engine.ts';
import type { QueryUnit } from '../src/search/parse-query.ts';
import { QUOTABLE_DATA_DIR } from './helpers.ts';

const row = (_id: string, content: string, author = 'Anon Ymous', tags: string[] = []) => ({ _id, content, author, tags });
const engineOf = (rows: ReturnType<typeof row>[]) => createQuoteEngine(buildCorpus(rows));
const search = (engine: QuoteEngine, query: string, offset = 0, limit = 100) => engine.search(engine.parseQuery(query), offset, limit);
const ids = (quotes: Quote[]) => quotes.map((quote) => quote.id);

/**
 * What a correct engine must match: every unit present; a word by its stem or the stem of a corpus
 * word within its typo allowance (1 from 5 letters, 2 from 9), a phrase as consecutive stems in one field.
 */
function bruteForceMatches(quotes: Quote[], units: QueryUnit[]): Set<string> {
  const vocabulary = new Set(quotes.flatMap((quote) => tokenize(`${quote.content} ${quote.author} ${quote.tags.join(' ')}`)));
  const stemsFor = (word: string) => {
    const allowed = typosAllowed(word);
    return new Set([stem(word), ...[...vocabulary].filter((other) => allowed > 0 && typoDistance(word, other, allowed) <= allowed).map(stem)]);
  };
  const wanted = units.map((unit) => (unit.length === 1 ? stemsFor(unit[0]!) : unit.map(stem)));
  const contains = (words: string[], unit: Set<string> | string[]) =>
    unit instanceof Set ? words.some((word) => unit.has(word)) : words.some((_, at) => unit.every((word, offset) => words[at + offset] === word));
  return new Set(
    quotes
      .filter((quote) => {
        const fields = [analyse(quote.content), analyse(quote.author), analyse(quote.tags.join(' '))];
        return wanted.every((unit) => fields.some((words) => contains(words, unit)));
      })
      .map((quote) => quote.id),
  );
}

/** The units a query asks for, written out here rather than read from the parser under test. */
function unitsOf(query: string): QueryUnit[] {
  return [...query.matchAll(/"([^"]+)"|([^\s"]+)/g)].flatMap(([, phrase, word]) => (phrase ? [analyse(phrase)] : analyse(word!).map((stem) => [stem])));
}

describe('search on the 2,127-quote Quotable corpus', () => {
  let engine: QuoteEngine;
  let quotes: Quote[];
  beforeAll(async () => {
    const corpus = await loadCorpus(QUOTABLE_DATA_DIR);
    quotes = corpus.quotes;
    engine = createQuoteEngine(corpus);
  });

  it.each(['love', 'Life LOVE', 'wisdom friendship', 'the', 'einstein imagination', '"be yourself"', '"the only" life', 'famous quotes success'])(
    'matches exactly the quotes holding every word of %j, across all pages, once each',
    (query) => {
      const expected = bruteForceMatches(quotes, unitsOf(query));
      expect(expected.size).toBeGreaterThan(0);
      const seen: string[] = [];
      for (let offset = 0; offset < expected.size + 10; offset += 10) seen.push(...ids(search(engine, query, offset, 10).quotes));
      expect(search(engine, query).total).toBe(expected.size);
      expect(new Set(seen)).toEqual(expected);
      expect(seen).toHaveLength(expected.size);
    },
  );

  it('ignores case and accents', () => {
    const kierkegaard = new Set(quotes.filter((quote) => quote.author === 'Søren Kierkegaard').map((quote) => quote.id));
    expect(new Set(ids(search(engine, 'SOREN kierkegaard').quotes))).toEqual(kierkegaard);
    expect(ids(search(engine, 'SOREN kierkegaard').quotes)).toEqual(ids(search(engine, 'søren KIERKEGAARD').quotes));
    expect(search(engine, 'Søren').total).toBe(quotes.filter((quote) => quote.author === 'Søren Kierkegaard').length);
  });

  it('falls back to partial matches when no quote has every word', () => {
    const loose = search(engine, 'love qwxzvbnm');
    expect(loose.total).toBe(bruteForceMatches(quotes, unitsOf('love')).size);
  });

  it('returns the same order every time', () => {
    expect(ids(search(engine, 'life').quotes)).toEqual(ids(search(engine, 'life').quotes));
  });

  it('stems: "loves" finds every quote "love" finds (saying love, loved or loving), those with "loves" itself first', () => {
    const loves = search(engine, 'loves', 0, 2_000);
    const love = new Set(ids(search(engine, 'love', 0, 2_000).quotes));
    expect(love.size).toBeGreaterThan(100);
    for (const id of love) expect(ids(loves.quotes)).toContain(id);
    const texts = loves.quotes.map((quote) => quote.content.toLowerCase());
    for (const form of [/\bloved\b/, /\bloving\b/, /\blove\b/]) expect(texts.some((text) => form.test(text))).toBe(true);
    const saysLoves = loves.quotes.map((quote) => /\bloves\b/i.test(`${quote.content} ${quote.author} ${quote.tags.join(' ')}`));
    expect(saysLoves.indexOf(false)).toBe(saysLoves.filter(Boolean).length);
  });

  it('finds nothing for a word no quote has', () => {
    expect(search(engine, 'qwxzvbnm')).toEqual({ total: 0, quotes: [] });
  });
});

describe('ranking', () => {
  it('puts a match in the quote text before a match in the author, and the author before the tags', () => {
    const engine = engineOf([
      row('t', 'Stand firm and endure.', 'Anon Ymous', ['Courage']),
      row('a', 'Stand firm and endure.', 'Courage Smith'),
      row('c', 'Stand firm with courage.', 'Anon Ymous'),
      row('x', 'Nothing relevant here.'),
    ]);
    expect(ids(search(engine, 'courage').quotes)).toEqual(['c', 'a', 't']);
  });

  it('weighs a rarer word more (idf) and favours the shorter of two otherwise equal quotes', () => {
    const common = Array.from({ length: 8 }, (_, i) => row(`n${i}`, `hope n${i}`));
    const engine = engineOf([
      ...common,
      row('rare', 'patience alone'),
      row('both-long', 'hope and patience and many more words that make this quote long and wordy'),
      row('both-short', 'hope and patience'),
    ]);
    expect(ids(search(engine, 'hope patience').quotes)).toEqual(['both-short', 'both-long']);
    // No quote has "zebra": two-word matches first, then the rare word's quote, then the common word's.
    const loose = ids(search(engine, 'hope patience zebra').quotes);
    expect(loose.slice(0, 3)).toEqual(['both-short', 'both-long', 'rare']);
    expect(loose.slice(3)).toEqual(common.map((quote) => quote._id));
  });

  it('ranks quotes with more of the words first when none has them all', () => {
    const engine = engineOf([row('one', 'river'), row('two', 'river mountain'), row('none', 'desert')]);
    expect(ids(search(engine, 'river mountain sky').quotes)).toEqual(['two', 'one']);
  });

  it('matches a quoted phrase only in that order', () => {
    const engine = engineOf([row('in-order', 'Just be yourself.'), row('reversed', 'Yourself, be kind.'), row('apart', 'Be kind to yourself.')]);
    expect(ids(search(engine, '"be yourself"').quotes)).toEqual(['in-order']);
    expect(search(engine, 'be yourself').total).toBe(3);
  });

  it('matches inflections of a word (Porter stems), the exact form first, a typo of 5+ letters after', () => {
    const engine = engineOf([row('plain', 'I love you.'), row('third', 'She loves rain.'), row('ing', 'Loving is enough.'), row('other', 'Lovely weather.')]);
    // "lovely" stems to "love" too (Porter).
    expect(new Set(ids(search(engine, 'loves').quotes))).toEqual(new Set(['plain', 'third', 'ing', 'other']));
    expect(ids(search(engine, 'loving').quotes)[0]).toBe('ing');
    expect(ids(search(engine, 'loves').quotes)[0]).toBe('third');
    // "lover" is not a form of love (Porter), but one typo from "love" and "loves": the quotes saying
    // those words come first, then the other forms of their stem.
    expect(new Set(ids(search(engine, 'lover').quotes).slice(0, 2))).toEqual(new Set(['plain', 'third']));
    expect(search(engine, 'lover').total).toBe(4);
    // "lvoe" has 4 letters: no typo allowed.
    expect(search(engine, 'lvoe').total).toBe(0);
  });

  it('still matches a quoted phrase only in that order, on stems', () => {
    const engine = engineOf([row('in-order', 'Loving hearts endure.'), row('reversed', 'Hearts, loving and kind.'), row('inflected', 'Love heart.')]);
    expect(new Set(ids(search(engine, '"loving heart"').quotes))).toEqual(new Set(['in-order', 'inflected']));
    expect(search(engine, '"hearts loved"').quotes.map((quote) => quote.id)).toEqual(['reversed']);
  });

  it('breaks ties by id, whatever the file order', () => {
    const rows = [row('b', 'Same words here.'), row('c', 'Same words here.'), row('a', 'Same words here.')];
    expect(ids(search(engineOf(rows), 'words').quotes)).toEqual(['a', 'b', 'c']);
    expect(ids(search(engineOf([...rows].reverse()), 'words').quotes)).toEqual(['a', 'b', 'c']);
  });
});
