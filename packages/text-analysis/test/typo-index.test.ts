import { buildTypoIndex, typoDistance, typosAllowed } from '../src/typo-index.ts';

describe('typo distance (optimal string alignment)', () => {
  it.each([
    ['happiness', 'happiness', 0],
    ['hapiness', 'happiness', 1],
    ['beleive', 'believe', 1], // a swap of neighbours is one typo
    ['sucess', 'success', 1],
    ['lover', 'loves', 1],
    ['imagnaton', 'imagination', 2],
    ['korage', 'courage', 2],
  ])('%s → %s: %i', (a, b, typos) => {
    expect(typoDistance(a, b, 2)).toBe(typos);
  });

  it('stops at the limit', () => {
    expect(typoDistance('kitten', 'sitting', 1)).toBe(2);
    expect(typoDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('allows one typo from 5 letters, two from 9, none with digits', () => {
    expect([4, 5, 8, 9, 12].map((length) => typosAllowed('x'.repeat(length)))).toEqual([0, 1, 1, 2, 2]);
    expect(typosAllowed('1990s')).toBe(0);
    // Longer than any English word: no typo lookup (its cost grows with the square of the length).
    expect(typosAllowed('x'.repeat(33))).toBe(0);
  });
});

describe('the typo index', () => {
  const words = ['happiness', 'happy', 'loves', 'love', 'lover', 'lives', 'imagination', 'courage', 'would', 'world', '19900'];
  const index = buildTypoIndex(words);
  const near = (word: string) => new Map(index.near(word).map(({ word: id, typos }) => [words[id], typos]));

  it('finds every indexed word within the allowance, with its count, never the word itself', () => {
    expect(near('lover')).toEqual(new Map([['loves', 1], ['love', 1]]));
    expect(near('world')).toEqual(new Map([['would', 1]]));
    expect(near('imagnaton')).toEqual(new Map([['imagination', 2]]));
    expect(near('hapiness')).toEqual(new Map([['happiness', 1]]));
  });

  it('finds nothing for short words, words with digits, or beyond the allowance', () => {
    expect(near('lvoe').size).toBe(0);
    expect(near('19901').size).toBe(0);
    expect(near('korage').size).toBe(0);
  });

  it('agrees with a distance to every word, on every word of a list one or two edits away', () => {
    const vocabulary = ['friendship', 'friendships', 'friends', 'fiendish', 'kindness', 'kindest', 'blindness', 'mindless', 'knowledge', 'acknowledge'];
    const built = buildTypoIndex(vocabulary);
    for (const query of ['freindship', 'frendship', 'kindnes', 'blindnes', 'knowlege', 'acknowlege', 'mindles', 'friendshp']) {
      const limit = typosAllowed(query);
      const expected = vocabulary.filter((word) => word !== query && typoDistance(query, word, limit) <= limit).sort();
      expect(built.near(query).map(({ word }) => vocabulary[word]).sort()).toEqual(expected);
    }
  });
});
