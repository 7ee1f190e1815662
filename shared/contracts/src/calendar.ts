import { z } from 'zod';

// The private ICS feed of a user's todos (/mon-compte): its state, and its URL, shown once when made.
export const calendarFeedStateSchema = z.object({ enabled: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;
export const calendarFeedUrlSchema = z.object({ url: z.string() });

// Accomplished todos stay in the feed this many days after they were done.
export const CALENDAR_FEED_DONE_DAYS = 30;

// The feed's file name in its URL: /ical/<token>.ics; anything else is unknown.
export const calendarFeedFileSchema = z.object({ file: z.string().max(200) });
