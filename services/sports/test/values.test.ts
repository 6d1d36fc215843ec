import { blank, toId, toInteger, toNumber, toUrl, toYear, yesNo } from '../src/upstream/values.ts';

describe("TheSportsDB's values", () => {
  it('reads blanks, numbers and ids', () => {
    expect(blank('  ')).toBeNull();
    expect(blank(' Anfield ')).toBe('Anfield');
    expect(toNumber('44621')).toBe(44621);
    expect(toNumber(12)).toBe(12);
    expect(toNumber('')).toBeNull();
    expect(toInteger('1.5')).toBeNull();
    expect(toId('0')).toBeNull();
    expect(toId('133604')).toBe(133604);
    expect(toYear('0')).toBeNull();
    expect(toYear('1892')).toBe(1892);
  });

  it('reads yes/no flags in any case, and links without a scheme', () => {
    expect(yesNo('Yes')).toBe(true);
    expect(yesNo('NO')).toBe(false);
    expect(yesNo('')).toBeNull();
    expect(toUrl('www.arsenal.com')).toBe('https://www.arsenal.com');
    expect(toUrl('http://example.org')).toBe('http://example.org');
    expect(toUrl('')).toBeNull();
  });
});
