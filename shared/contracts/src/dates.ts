import { patterns } from './rules';

// Calendar dates are business dates of a French firm: an instant (Unix seconds on the wire) becomes the
// yyyy-MM-dd it falls on in Paris, on the server and in the browser alike.
export const BUSINESS_TIME_ZONE = 'Europe/Paris';

// Built on first use: a formatter with a time zone costs 10 to 20 ms to create in a browser, and every app
// evaluates this module at start-up, most of them without ever formatting a business date.
let isoDateFormat: Intl.DateTimeFormat | null = null;

// Paris has been a whole number of hours from UTC since 1911, and changes offset on the hour: every instant of one
// UTC hour falls on the same date there. The dates of the hours met are kept (an export formats 100 000 instants
// of a few thousand hours; formatting each took a third of its time), a bounded number of them.
const HOUR_MS = 3_600_000;
const KEPT_HOURS = 50_000;
const dateOfHour = new Map<number, string>();

export function toBusinessIsoDate(instant: Date): string {
  isoDateFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const time = instant.getTime();
  // Before 1970 (and for an invalid date, which the formatter refuses), each instant is formatted.
  if (!(time >= 0)) return isoDateFormat.format(instant);
  const hour = Math.floor(time / HOUR_MS);
  let date = dateOfHour.get(hour);
  if (date === undefined) {
    if (dateOfHour.size >= KEPT_HOURS) dateOfHour.clear();
    date = isoDateFormat.format(hour * HOUR_MS);
    dateOfHour.set(hour, date);
  }
  return date;
}

// The hour (0 to 23) an instant falls on in Paris: the morning round's and the digests' clock.
let hourFormat: Intl.DateTimeFormat | null = null;
export function businessHour(instant: Date): number {
  hourFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });
  return Number(hourFormat.format(instant));
}

// yyyy-MM-dd plus a number of days (calendar arithmetic, no time zone involved).
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

// A real calendar date in yyyy-MM-dd (2026-02-30 is refused).
export function isIsoDate(value: string): boolean {
  if (!patterns.isoDate.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

// A date as people type it in France, day first: 03/12/2026, 3-12-2026, 03.12.2026, 03 12 2026, 03122026, and with a
// two-digit year (03/12/26, 031226) of this century. Gives yyyy-MM-dd, or null when the text is no real date
// (31/02/2026, 2026-12-03, 3/12).
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  const parts =
    /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4}|\d{2})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4}|\d{2})$/.exec(trimmed);
  if (!parts) return null;
  const [, day, month, year] = parts;
  const iso = `${year.length === 2 ? `20${year}` : year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}
