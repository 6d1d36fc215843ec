import { DAY_MS, fixturesTtlMs, matchTtlMs } from '../src/upstream/ttl.ts';

describe('cache lifetimes', () => {
  const now = new Date('2026-03-14T12:00:00Z');

  it('caches a past day for a day, today for ninety seconds, a future day for ten minutes', () => {
    expect(fixturesTtlMs('2026-03-13', now)).toBe(DAY_MS);
    expect(fixturesTtlMs('2026-03-14', now)).toBe(90_000);
    expect(fixturesTtlMs('2026-03-15', now)).toBe(600_000);
  });

  it('caches a finished match for a day, one under way for two minutes, one days away for half an hour', () => {
    expect(matchTtlMs({ finished: true, start_time: '2026-03-13T15:00:00.000Z' }, now)).toBe(DAY_MS);
    expect(matchTtlMs({ finished: false, start_time: '2026-03-14T11:00:00.000Z' }, now)).toBe(120_000);
    expect(matchTtlMs({ finished: false, start_time: '2026-03-20T15:00:00.000Z' }, now)).toBe(1_800_000);
    expect(matchTtlMs({ finished: false, start_time: null }, now)).toBe(120_000);
  });
});
