import { addDays } from '@bo/contracts/all';
import { contentLines, escapeText } from './text-lines';

export type FeedEvent = {
  uid: string;
  // The todo's deadline (yyyy-MM-dd): an all-day event.
  date: string;
  summary: string;
  description: string;
  url: string;
  done: boolean;
  // When the todo last changed (its creation or execution), for SEQUENCE-less clients that compare stamps.
  stamp: Date;
};

const day = (isoDate: string) => isoDate.replace(/-/g, '');
const utc = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

// A VCALENDAR of all-day events. Dates are calendar days (VALUE=DATE): no time zone can move them; the calendar
// still names the firm's zone for clients that show it.
export function icsCalendar(name: string, events: readonly FeedEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Back office//Agenda//FR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    'X-WR-TIMEZONE:Europe/Paris',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utc(event.stamp)}`,
      `DTSTART;VALUE=DATE:${day(event.date)}`,
      `DTEND;VALUE=DATE:${day(addDays(event.date, 1))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      // A VEVENT has no "completed" status: a done todo says so in its category (and its summary).
      'STATUS:CONFIRMED',
      'TRANSP:TRANSPARENT',
      `CATEGORIES:${event.done ? 'Aboutie' : 'En cours'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return contentLines(lines);
}
