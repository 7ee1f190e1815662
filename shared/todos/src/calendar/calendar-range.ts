import { addDays } from '@bo/contracts';

// The days a calendar shows, both ends included (yyyy-MM-dd).
export type CalendarRange = { start: string; end: string };

// A local date as yyyy-MM-dd: FullCalendar hands out local midnights for all-day dates.
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// The six weeks (Monday first) a month view shows around a date, both ends included: what the calendar will ask
// for, known before FullCalendar has even loaded so that the todos can be fetched at the same time.
export function monthGridRange(isoDate: string): CalendarRange {
  const first = `${isoDate.slice(0, 7)}-01`;
  const [y, m, d] = first.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const start = addDays(first, -weekday);
  return { start, end: addDays(start, 41) };
}
