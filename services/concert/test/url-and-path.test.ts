import { artistPathSegment } from '../src/upstream/artist-path.ts';
import { stripAppId } from '../src/upstream/strip-app-id.ts';

describe('stripAppId', () => {
  it.each([
    ['https://www.bandsintown.com/a/1?came_from=267&app_id=secret', 'https://www.bandsintown.com/a/1?came_from=267'],
    ['https://www.bandsintown.com/e/2?app_id=secret&came_from=267', 'https://www.bandsintown.com/e/2?came_from=267'],
    ['https://www.bandsintown.com/e/3?app_id=secret', 'https://www.bandsintown.com/e/3'],
    ['https://www.bandsintown.com/v/4', 'https://www.bandsintown.com/v/4'],
    ['', ''],
  ])('%s → %s', (url, expected) => expect(stripAppId(url)).toBe(expected));
});

describe('artistPathSegment', () => {
  it('uses the documented codes for / ? * " and percent-encodes the rest', () => {
    expect(artistPathSegment('AC/DC')).toBe('AC%252FDC');
    expect(artistPathSegment('Panic? "Star"*')).toBe('Panic%253F%20%27CStar%27C%252A');
    expect(artistPathSegment('Sigur Rós')).toBe('Sigur%20R%C3%B3s');
  });
});
