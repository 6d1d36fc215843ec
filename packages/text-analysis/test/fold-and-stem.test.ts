import { analyse } from '../src/analyse.ts';
import { foldText, tokenize } from '../src/fold.ts';

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
