import { UNSUBSCRIBE_PATH } from '@bo/contracts/rules';

// The showroom of the UI kit (/tests/*) is public: it opens without logging in, as does the daily digest's unsubscribe
// page (docs/notifications.md).
export const PUBLIC_PREFIX = '/tests';

export function isPublicPath(pathname: string): boolean {
  return pathname === PUBLIC_PREFIX || pathname.startsWith(`${PUBLIC_PREFIX}/`) || pathname === UNSUBSCRIBE_PATH;
}
