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

// The week (Monday to Sunday) a week view shows around a date, both ends included.
export function weekRange(isoDate: string): CalendarRange {
  const [y, m, d] = isoDate.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const start = addDays(isoDate, -weekday);
  return { start, end: addDays(start, 6) };
}

// On a phone a month's or a week's seven columns leave a few letters per todo: the day view, whose todos read in
// full, opens there whatever view the user chose for wider screens.
const NARROW_MAX_WIDTH = 600;
export const isNarrowScreen = () => typeof window !== 'undefined' && window.innerWidth <= NARROW_MAX_WIDTH;
