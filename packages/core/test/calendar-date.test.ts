import { isCalendarDate } from '../src/index.ts';

describe('isCalendarDate', () => {
  it('takes real days in YYYY-MM-DD, leap days included', () => {
    for (const day of ['2026-03-14', '2028-02-29', '2000-02-29', '2026-12-31', '0050-06-01']) expect([day, isCalendarDate(day)]).toEqual([day, true]);
  });

  it('refuses days that do not exist and other spellings', () => {
    for (const text of ['2026-02-29', '1900-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-3-14', '14/03/2026', '2026-03-14T00:00', ' 2026-03-14', '']) {
      expect([text, isCalendarDate(text)]).toEqual([text, false]);
    }
  });
});
