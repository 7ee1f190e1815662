import { addDays, toBusinessIsoDate } from '@bo/contracts';

// The instant sent for a business day: noon UTC falls on that same date in Paris, whatever the browser's zone.
export function businessDayInstant(isoDate: string): Date {
  return new Date(`${isoDate}T12:00:00Z`);
}

export function businessToday(now = new Date()): string {
  return toBusinessIsoDate(now);
}

// Monday to Sunday of the week holding a date.
export function weekOf(isoDate: string): { start: string; end: string } {
  const weekday = (new Date(`${isoDate}T12:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(isoDate, -weekday);
  return { start, end: addDays(start, 6) };
}
