import dayjs, { type Dayjs } from 'dayjs';

// Stored as yyyy-MM-dd (or yyyy-MM-ddTHH:mm with a time): the local calendar date the user picked, never a
// UTC instant, so no time-zone offset can move it to the day before. Used by the kit's date field (form/date-picker)
// and by the pages that hold a date picker of their own (a report's period).
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DDTHH:mm';

export function toStoredDate(value: Dayjs | null, withTime = false): string {
  return value ? value.format(withTime ? DATE_TIME_FORMAT : DATE_FORMAT) : '';
}

export function fromStoredDate(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}
