import { slugify } from '../src/corpus/slug.ts';
import { foldText, tokenize } from '../src/search/fold.ts';
import { parseQuery, stemUnits } from '../src/search/parse-query.ts';
import { analyse } from '../src/search/analyse.ts';

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

describe('the English analyser (Porter stems, from the stemmer package)', () => {
  it('reduces inflections to one term and keeps words with digits whole', () => {
    expect(analyse('Loves, LOVING and love')).toEqual(['love', 'love', 'and', 'love']);
    expect(analyse('Happiness makes happy')).toEqual(['happi', 'make', 'happi']);
    expect(analyse('the 1990s')).toEqual(['the', '1990s']);
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
