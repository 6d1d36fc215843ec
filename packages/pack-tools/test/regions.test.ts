import { replaceRegion } from '../src/regions.mjs';

describe('replaceRegion', () => {
  const file = ['keep 1', '# packs:sync begin list (a note)', 'old a', 'old b', '# packs:sync end list', 'keep 2'].join('\n');

  it('replaces only the lines between the markers, keeping the markers', () => {
    expect(replaceRegion(file, 'list', ['new'], 'f')).toBe(['keep 1', '# packs:sync begin list (a note)', 'new', '# packs:sync end list', 'keep 2'].join('\n'));
  });

  it('is stable: writing the same lines twice changes nothing', () => {
    const once = replaceRegion(file, 'list', ['x', 'y'], 'f');
    expect(replaceRegion(once, 'list', ['x', 'y'], 'f')).toBe(once);
  });

  it('fails, naming the file and region, when the markers are missing', () => {
    expect(() => replaceRegion('nothing here', 'list', [], 'docker-compose.yml')).toThrow('docker-compose.yml: no "packs:sync begin list" … "packs:sync end list" lines to write between');
  });
});
