import { callEndpoint } from '@bo/client';
import { queryOptions } from '@tanstack/react-query';

// The calls and their schemas come with their own entry of the contract, at the first read (the browser's first idle
// moment), never with the page's first paint.
const contract = () => import('@bo/contracts/notifications');

// The bell's queries (docs/notifications.md): under the key root `notifications`, which a change of the table heard on
// the event stream reloads (docs/live-changes.md).
export const NOTIFICATIONS_SHOWN = 30;

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'page'],
    queryFn: async ({ signal }) =>
      callEndpoint((await contract()).endpoints.notifications, {
        params: { page: 1, perPage: NOTIFICATIONS_SHOWN },
        signal,
      }),
  });

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    // Under `user`, not `notifications`: a new notification heard on the stream does not read them again.
    queryKey: ['user', 'notificationPreferences'],
    queryFn: async ({ signal }) => callEndpoint((await contract()).endpoints.notificationPreferences, { signal }),
    staleTime: Infinity,
  });
