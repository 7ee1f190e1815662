import { z } from 'zod';
import { calendarFeedFileSchema, calendarFeedStateSchema, calendarFeedUrlSchema } from '../calendar';
import { endpointGroup } from './endpoint';
import { emptyPayloadSchema, noDataSchema } from './params';

// A user's private calendar feed: turned on, renewed or off from their account (under /user, the OpenAPI tag they
// are listed with), and the feed itself, read by a calendar client with the secret address as its only login.
export const calendarFeedEndpoints = endpointGroup('user', {
  calendarFeed: {
    method: 'GET',
    path: '/user/calendar-feed',
    summary: 'Whether the caller’s private calendar feed is on (its URL is shown only when made)',
    access: 'session',
    response: calendarFeedStateSchema,
  },
  createCalendarFeed: {
    method: 'POST',
    path: '/user/calendar-feed',
    summary: 'Make (or make anew) the caller’s private calendar feed; the previous URL stops working at once',
    access: 'session',
    body: emptyPayloadSchema.optional(),
    response: calendarFeedUrlSchema,
  },
  deleteCalendarFeed: {
    method: 'POST',
    path: '/user/calendar-feed/delete',
    summary: 'Turn the caller’s calendar feed off',
    access: 'session',
    body: emptyPayloadSchema.optional(),
    response: noDataSchema,
  },
  calendarFile: {
    method: 'GET',
    path: '/ical/:file',
    summary:
      'A private calendar feed (iCalendar): pending todos and those done in the last 30 days; the token is the login',
    access: 'public',
    params: calendarFeedFileSchema,
    response: z.string(),
    produces: 'text/calendar',
  },
});
