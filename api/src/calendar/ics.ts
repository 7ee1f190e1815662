import { addDays } from '@bo/contracts/all';
import { contentLine, contentLines, escapeText } from './text-lines';

export type FeedEvent = {
  uid: string;
  // The todo's deadline (yyyy-MM-dd): an all-day event.
  date: string;
  summary: string;
  description: string;
  url: string;
  done: boolean;
  // Grows at each change of the event, and its time: a strict client takes an event for changed by them.
  sequence: number;
  lastModified: Date;
};

const day = (isoDate: string) => isoDate.replace(/-/g, '');
const utc = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

// A VCALENDAR of all-day events. Dates are calendar days (VALUE=DATE): no time zone can move them; the calendar
// still names the firm's zone for clients that show it. A feed has thousands of events: the lines that never
// reach 75 octets (fixed texts, dates, stamps) are written as they are, the others folded (contentLine), and a
// deadline's next day is computed once per day, not once per event.
// DTSTAMP is the time the feed is made (a published calendar's objects are created when it is read).
export function icsCalendar(name: string, events: readonly FeedEvent[], now: Date): string {
  const stamp = utc(now);
  let text = contentLines([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Back office//Agenda//FR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    'X-WR-TIMEZONE:Europe/Paris',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ]);
  const nextDays = new Map<string, string>();
  for (const event of events) {
    let end = nextDays.get(event.date);
    if (end === undefined) {
      end = day(addDays(event.date, 1));
      nextDays.set(event.date, end);
    }
    text +=
      `BEGIN:VEVENT\r\n${contentLine(`UID:${event.uid}`)}DTSTAMP:${stamp}\r\n` +
      `SEQUENCE:${event.sequence}\r\nLAST-MODIFIED:${utc(event.lastModified)}\r\n` +
      `DTSTART;VALUE=DATE:${day(event.date)}\r\nDTEND;VALUE=DATE:${end}\r\n` +
      contentLine(`SUMMARY:${escapeText(event.summary)}`) +
      contentLine(`DESCRIPTION:${escapeText(event.description)}`) +
      contentLine(`URL:${event.url}`) +
      // A VEVENT has no "completed" status: a done todo says so in its category (and its summary).
      `STATUS:CONFIRMED\r\nTRANSP:TRANSPARENT\r\nCATEGORIES:${event.done ? 'Aboutie' : 'En cours'}\r\nEND:VEVENT\r\n`;
  }
  return `${text}END:VCALENDAR\r\n`;
}
