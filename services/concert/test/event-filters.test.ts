import { dateProblem, eventsInputSchema, locationProblem } from '../src/tools/event-filters.ts';

describe('events input', () => {
  it('accepts the date keywords, a day and an inclusive range', () => {
    for (const date of ['upcoming', 'past', 'all', '2026-07-14', '2026-07-14,2026-07-20', '2026-07-14,2026-07-14']) {
      expect(dateProblem(date)).toBeUndefined();
    }
    expect(eventsInputSchema.parse({ date: ' Upcoming ' }).date).toBe('upcoming');
    expect(eventsInputSchema.parse({})).toEqual({ date: 'upcoming', page: 1 });
  });

  it('rejects impossible dates and backwards ranges, saying what to write', () => {
    expect(dateProblem('2026-02-29')).toMatch(/not a date/);
    expect(dateProblem('2028-02-29')).toBeUndefined();
    expect(dateProblem('2026-02-30')).toMatch(/not a date/);
    expect(dateProblem('tomorrow')).toMatch(/use "upcoming"/);
    expect(dateProblem('2026-07-20,2026-07-14')).toMatch(/starts \(2026-07-20\) after it ends/);
    expect(dateProblem('2026-01-01,2026-01-02,2026-01-03')).toBeDefined();
  });

  it('accepts cities and in-range coordinates', () => {
    for (const location of ['Berlin', 'Austin, TX', 'Lyon, France', 'São Paulo', "Saint-John's, NL, Canada", '40.7128,-74.0060', '-33.86, 151.2']) {
      expect(locationProblem(location)).toBeUndefined();
    }
  });

  it('rejects out-of-range coordinates and junk', () => {
    expect(locationProblem('91,10')).toMatch(/latitude 91 is out of range/);
    expect(locationProblem('10,-181')).toMatch(/longitude -181 is out of range/);
    expect(locationProblem('40.7')).toMatch(/latitude,longitude/);
    expect(locationProblem('<script>')).toMatch(/use a city/);
  });

  it('bounds radius and page, and needs a location for a radius', () => {
    expect(eventsInputSchema.safeParse({ location: 'Berlin', radius: 0 }).success).toBe(false);
    expect(eventsInputSchema.safeParse({ location: 'Berlin', radius: 151 }).success).toBe(false);
    expect(eventsInputSchema.safeParse({ location: 'Berlin', radius: 150 }).success).toBe(true);
    expect(eventsInputSchema.safeParse({ page: 0 }).success).toBe(false);
    expect(eventsInputSchema.safeParse({ page: 1.5 }).success).toBe(false);
    const lonely = eventsInputSchema.safeParse({ radius: 10 });
    expect(lonely.success).toBe(false);
    expect(lonely.error?.issues[0]?.message).toBe('radius needs a location to search around');
  });
});
