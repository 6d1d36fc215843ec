import { normalizeTag, tagSegment } from '../src/upstream/tag.ts';

describe('player and club tags', () => {
  it.each([
    ['#2PP', '2PP'],
    ['2pp', '2PP'],
    ['  #gjrv99q8 ', 'GJRV99Q8'],
    ['#8OGPOLRLO', '80GP0LRL0'],
  ])('reads %j as %s', (input, tag) => {
    expect(normalizeTag(input)).toEqual({ ok: true, tag });
  });

  it.each([
    ['', 'is empty'],
    ['#', 'is empty'],
    ['#2PX', 'has "X"'],
    ['2PP/../x', 'has "/"'],
    ['#2P', 'must be 3 to 14'],
    ['#2PP%2F', 'has "%"'],
    ['#' + '2'.repeat(15), 'must be 3 to 14'],
  ])('refuses %j', (input, reason) => {
    const result = normalizeTag(input);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });

  it('puts the # into the path as %23', () => {
    expect(tagSegment('2PP')).toBe('%232PP');
  });
});
