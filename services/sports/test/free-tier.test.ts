import { completeness, tierOf } from '../src/upstream/free-tier.ts';

describe('free tier', () => {
  it('knows the free public keys, 123 and the older 3', () => {
    expect(tierOf('123')).toBe('free');
    expect(tierOf('3')).toBe('free');
    expect(tierOf('40130162')).toBe('premium');
  });

  it('calls a list that reached its cap possibly cut, and one under it complete', () => {
    expect(completeness('eventsday.php', 2, 'free')).toEqual({ complete: true, reason: null });
    expect(completeness('eventsday.php', 3, 'free').complete).toBe(false);
    expect(completeness('eventsday.php', 3, 'premium')).toEqual({ complete: true, reason: null });
    expect(completeness('eventsday.php', 1500, 'premium')).toEqual({ complete: false, reason: 'TheSportsDB returns at most 1500 rows from eventsday.php, so there may be more' });
  });

  it("never calls the free key's home-games-only schedules complete", () => {
    expect(completeness('eventsnext.php', 0, 'free').complete).toBe(false);
    expect(completeness('eventslast.php', 1, 'free').reason).toMatch(/home games only/);
    expect(completeness('eventslast.php', 5, 'premium')).toEqual({ complete: true, reason: null });
  });
});
