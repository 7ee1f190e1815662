import { callEndpoint } from '@bo/client';
import { endpoints } from '@bo/contracts';
import { queryOptions } from '@tanstack/react-query';

// The bell's queries (docs/notifications.md): under the key root `notifications`, which a change of the table heard on
// the event stream reloads (docs/live-changes.md).
export const NOTIFICATIONS_SHOWN = 30;

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'page'],
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.notifications, { params: { page: 1, perPage: NOTIFICATIONS_SHOWN }, signal }),
  });

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    // Under `user`, not `notifications`: a new notification heard on the stream does not read them again.
    queryKey: ['user', 'notificationPreferences'],
    queryFn: ({ signal }) => callEndpoint(endpoints.notificationPreferences, { signal }),
    staleTime: Infinity,
  });
