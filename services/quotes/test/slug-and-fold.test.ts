import { slugify } from '../src/corpus/slug.ts';
import { foldText, tokenize } from '../src/search/fold.ts';
import { parseQuery } from '../src/search/parse-query.ts';

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

describe('folding and tokenizing', () => {
  it('ignores case and accents, including letters without a decomposition', () => {
    expect(foldText('ÉCOLE Søren Straße Œuvre')).toBe('ecole soren strasse oeuvre');
  });

  it('keeps contractions whole and splits on punctuation', () => {
    expect(tokenize("Don’t stop—it's self-help, 1990s!")).toEqual(['dont', 'stop', 'its', 'self', 'help', '1990s']);
  });
});

describe('parseQuery', () => {
  it('reads words and quoted phrases, folded, each once', () => {
    expect(parseQuery('Love "be YOURSELF" love “the end”')).toEqual([['love'], ['be', 'yourself'], ['the', 'end']]);
  });

  it('treats an unpaired quote mark as nothing', () => {
    expect(parseQuery('"be yourself" "open ended')).toEqual([['be', 'yourself'], ['open'], ['ended']]);
  });

  it('finds nothing to search in punctuation alone', () => {
    expect(parseQuery('?! ... ""')).toEqual([]);
  });
});
