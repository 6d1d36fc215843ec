import { readFileSync } from 'node:fs';
import { brawlifyEventsSchema, officialRotationSchema } from '../src/upstream/schemas.ts';
import { MAX_ROTATION_TTL_MS, mapBrawlifyEvents, mapOfficialRotation, rotationTtlMs, toIsoTime } from '../src/upstream/map-rotation.ts';

const read = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('rotation mapping', () => {
  it("converts Supercell's compact times to ISO 8601", () => {
    expect(toIsoTime('20260922T080000.000Z')).toBe('2026-09-22T08:00:00.000Z');
    expect(toIsoTime('20260922T080000Z')).toBe('2026-09-22T08:00:00.000Z');
    expect(toIsoTime('2026-09-22T08:00:00.000Z')).toBe('2026-09-22T08:00:00.000Z');
    expect(toIsoTime('soon')).toBeUndefined();
    expect(toIsoTime('20261399T080000.000Z')).toBeUndefined();
  });

  it('maps the official rotation', () => {
    expect(mapOfficialRotation(officialRotationSchema.parse(read('brawlstars-rotation.json')))[1]).toEqual({
      id: 15000018,
      mode: 'soloShowdown',
      map: 'Skull Creek',
      startTime: '2026-09-22T08:00:00.000Z',
      endTime: '2026-09-22T20:00:00.000Z',
    });
  });

  it("maps Brawlify's active events to the same shape and mode ids", () => {
    const items = mapBrawlifyEvents(brawlifyEventsSchema.parse(read('brawlify-events.json')));
    expect(items).toEqual([
      { id: 15000007, mode: 'gemGrab', map: 'Hard Rock Mine', startTime: '2026-09-22T08:00:00.000Z', endTime: '2026-09-23T08:00:00.000Z' },
      { id: 15000018, mode: 'soloShowdown', map: 'Skull Creek', startTime: '2026-09-22T08:00:00.000Z', endTime: '2026-09-22T20:00:00.000Z' },
    ]);
  });

  it('keeps the rotation until the earliest end, capped and floored', () => {
    const now = Date.parse('2026-09-22T19:58:00.000Z');
    expect(rotationTtlMs(['20260923T080000.000Z', '20260922T200000.000Z'], now)).toBe(120_000);
    expect(rotationTtlMs(['20260923T080000.000Z'], now)).toBe(MAX_ROTATION_TTL_MS);
    expect(rotationTtlMs(['20260922T190000.000Z'], now)).toBe(5_000);
  });

  it('treats an unparseable time as drift', () => {
    expect(officialRotationSchema.safeParse([{ startTime: 'x', endTime: 'y', event: { id: 1, mode: 'm', map: 'n' } }]).success).toBe(false);
  });
});
