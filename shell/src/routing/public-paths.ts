// The showroom of the UI kit (/tests/*) is public: it opens without logging in.
export const PUBLIC_PREFIX = '/tests';

export function isPublicPath(pathname: string): boolean {
  return pathname === PUBLIC_PREFIX || pathname.startsWith(`${PUBLIC_PREFIX}/`);
}
