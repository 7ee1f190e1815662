import { z } from 'zod';
import { notificationPageSchema, notificationPreferencesSchema, unsubscribePayloadSchema } from '../notification';
import { pageParams } from '../paging';
import { endpointGroup } from './endpoint';
import { emptyPayloadSchema, idParamsSchema, noDataSchema } from './params';

// The header's bell (docs/notifications.md): the connected user's own notifications, and their choices.
export const notificationEndpoints = endpointGroup('notifications', {
  notifications: {
    method: 'GET',
    path: '/notifications',
    summary: 'The connected user’s notifications, newest first (kept 90 days), with how many are unread',
    access: 'session',
    query: z.object(pageParams),
    response: notificationPageSchema,
  },
  readNotification: {
    method: 'POST',
    path: '/notifications/:id/read',
    summary: 'Mark one of the connected user’s notifications as read (modelNotFound if not theirs)',
    access: 'session',
    params: idParamsSchema,
    body: emptyPayloadSchema,
    response: noDataSchema,
  },
  readAllNotifications: {
    method: 'POST',
    path: '/notifications/read',
    summary: 'Mark every notification of the connected user as read',
    access: 'session',
    body: emptyPayloadSchema,
    response: noDataSchema,
  },
  notificationPreferences: {
    method: 'GET',
    path: '/user/notification-preferences',
    summary: 'Which notifications the connected user wants, their daily digest’s hour, the browser’s notifications',
    access: 'session',
    response: notificationPreferencesSchema,
  },
  saveNotificationPreferences: {
    method: 'PUT',
    path: '/user/notification-preferences',
    summary: 'Save the connected user’s notification choices (JSON, the whole object); returns them',
    access: 'session',
    body: notificationPreferencesSchema,
    response: notificationPreferencesSchema,
  },
  unsubscribeDigest: {
    method: 'POST',
    path: '/digest/unsubscribe',
    summary:
      'Turn the daily digest off without logging in, from the secret of its e-mail’s link (modelNotFound if it names nobody)',
    access: 'public',
    body: unsubscribePayloadSchema,
    response: noDataSchema,
  },
});
