import { notificationEndpoints } from '../endpoints/notifications';

// `@bo/contracts/notifications`: the header's bell, its preferences and the daily digest's unsubscribe page
// (docs/notifications.md). Apart from the core, so that a page's first paint downloads none of it: the shell reads it
// at the browser's first idle moment, and in the pages that show it.
export * from '../notification';
export const endpoints = notificationEndpoints;
