import { addDays, toBusinessIsoDate } from '../dates';

describe('toBusinessIsoDate', () => {
  it('gives the date in Paris, not in UTC, around midnight', () => {
    // Winter (UTC+1) and summer (UTC+2).
    expect(toBusinessIsoDate(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
    expect(toBusinessIsoDate(new Date('2026-11-21T23:00:00Z'))).toBe('2026-11-22');
    expect(toBusinessIsoDate(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(toBusinessIsoDate(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });
});

describe('addDays', () => {
  it('crosses months, years and the change to summer time', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });
});
