import { ndcgAt } from '../src/bench/relevance.ts';

describe('nDCG@k', () => {
  it('is 1 for the ideal order, less for a worse one, 0 with nothing relevant', () => {
    const grades = { a: 3, b: 2, c: 0 };
    expect(ndcgAt(10, ['a', 'b', 'c'], grades)).toBe(1);
    expect(ndcgAt(10, ['b', 'a'], grades)).toBeCloseTo((3 + 7 / Math.log2(3)) / (7 + 3 / Math.log2(3)), 10);
    expect(ndcgAt(10, ['c', 'x'], grades)).toBe(0);
  });
});
