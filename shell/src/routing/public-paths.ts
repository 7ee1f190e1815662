// The showroom of the UI kit (/tests/*) opens without logging in (spec section 2).
export const PUBLIC_PREFIX = '/tests';

export function isPublicPath(pathname: string): boolean {
  return pathname === PUBLIC_PREFIX || pathname.startsWith(`${PUBLIC_PREFIX}/`);
}
