import { slugify } from '../src/corpus/slug.ts';
import { parseQuery, stemUnits } from '../src/search/parse-query.ts';

describe('slugify (Quotable: deburr, drop apostrophes, words, lower case, "-")', () => {
  it.each([
    ['Albert Einstein', 'albert-einstein'],
    ['Søren Kierkegaard', 'soren-kierkegaard'],
    ["Brian O'Driscoll", 'brian-o-driscoll'],
    ['Martin Luther King Jr.', 'martin-luther-king-jr'],
    ['Thích Nhất Hạnh', 'thich-nhat-hanh'],
    ['Reggie Jackson (basketball, born 1990)', 'reggie-jackson-basketball-born-1990'],
    ['Famous Quotes', 'famous-quotes'],
    ['famous-quotes', 'famous-quotes'],
    ['  FAMOUS   QUOTES ', 'famous-quotes'],
  ])('%s → %s', (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });
});

describe('parseQuery', () => {
  it('reads words and quoted phrases, folded, each stem once (the first form typed is kept: ranking prefers it)', () => {
    expect(parseQuery('Love "be YOURSELF" loves “the end”')).toEqual([['love'], ['be', 'yourself'], ['the', 'end']]);
    expect(parseQuery('"Loving hearts" happiness')).toEqual([['loving', 'hearts'], ['happiness']]);
    expect(stemUnits(parseQuery('"Loving hearts" happiness'))).toEqual([['love', 'heart'], ['happi']]);
  });

  it('treats an unpaired quote mark as nothing', () => {
    expect(parseQuery('"be yourself" "open ended')).toEqual([['be', 'yourself'], ['open'], ['ended']]);
  });

  it('finds nothing to search in punctuation alone', () => {
    expect(parseQuery('?! ... ""')).toEqual([]);
  });
});
