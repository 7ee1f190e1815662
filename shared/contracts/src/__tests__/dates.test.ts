import { addDays, parseTypedDate, toBusinessIsoDate } from '../dates';

describe('toBusinessIsoDate', () => {
  it('gives the date in Paris, not in UTC, around midnight', () => {
    // Winter (UTC+1) and summer (UTC+2).
    expect(toBusinessIsoDate(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
    expect(toBusinessIsoDate(new Date('2026-11-21T23:00:00Z'))).toBe('2026-11-22');
    expect(toBusinessIsoDate(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(toBusinessIsoDate(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });

  it('gives every instant of an hour the same date as the formatter does, across the changes of offset', () => {
    // Asked twice, in two orders: the second answer of each hour comes from the hours kept.
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const instants: Date[] = [];
    for (const start of ['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z', '1999-12-31T20:00:00Z']) {
      for (let minute = 0; minute < 36 * 60; minute += 7)
        instants.push(new Date(Date.parse(start) + minute * 60_000 + 59_999));
    }
    for (const instant of [...instants, ...instants.reverse()])
      expect(toBusinessIsoDate(instant)).toBe(format.format(instant));
    const before1970 = new Date('1950-06-01T23:30:00Z');
    expect(toBusinessIsoDate(before1970)).toBe(format.format(before1970));
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

describe('parseTypedDate', () => {
  it('reads a date typed day first, with or without separators, two-digit years in this century', () => {
    for (const text of [
      '03/12/2026',
      '03-12-2026',
      '03.12.2026',
      '03 12 2026',
      '3/12/2026',
      '03122026',
      '03/12/26',
      '031226',
      ' 03/12/2026 ',
    ]) {
      expect([text, parseTypedDate(text)]).toEqual([text, '2026-12-03']);
    }
    expect(parseTypedDate('29/02/2028')).toBe('2028-02-29');
  });

  it('refuses what is no real date', () => {
    for (const text of [
      '',
      '31/02/2026',
      '29/02/2027',
      '32/01/2026',
      '03/13/2026',
      '2026-12-03',
      '3/12',
      '0312202',
      'demain',
      '03/12/2026 10:00',
    ]) {
      expect([text, parseTypedDate(text)]).toEqual([text, null]);
    }
  });
});
