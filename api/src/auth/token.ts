import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// A compact signed token: base64url(JSON payload) "." base64url(HMAC-SHA256). The session id (sid) stays
// the same across refreshes so that logging out revokes every token of the session.
// `iat` is in seconds with the milliseconds as a fraction (a non-integer NumericDate), so that it compares exactly
// with the instant a user's sessions were ended (`app_user.sessions_valid_after`, in milliseconds): a token issued
// in the same second, after that instant, stays valid. Tokens issued with whole seconds still parse (as issued at
// the start of their second: refused, never wrongly accepted, within the second of a revocation).
const payloadSchema = z.object({
  sub: z.number().int().positive(),
  sid: z.string().min(16).max(64),
  iat: z.number(),
  exp: z.number().int(),
});
export type TokenPayload = z.infer<typeof payloadSchema>;

export type TokenCheck = { ok: true; payload: TokenPayload } | { ok: false; code: 'tokenInvalid' | 'tokenExpired' };

const sign = (body: string, secret: string): Buffer => createHmac('sha256', secret).update(body).digest();

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const newSessionId = (): string => randomBytes(18).toString('base64url');

// now: in seconds, milliseconds as a fraction.
export function issueToken(
  userId: number,
  sid: string,
  ttlSeconds: number,
  secret: string,
  now = Date.now() / 1000,
): string {
  const payload: TokenPayload = { sub: userId, sid, iat: now, exp: Math.floor(now) + ttlSeconds };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

// The issue instant in whole milliseconds (rounded: a fraction of seconds times 1000 is not always a whole number).
export const issuedAtMs = (payload: TokenPayload): number => Math.round(payload.iat * 1000);

// secrets: the one that signs, then any other still accepted (a secret being rotated, docs/production.md).
export function checkToken(token: string, secrets: readonly string[], now = nowSeconds()): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[\w-]+$/.test(parts[0]) || !/^[\w-]+$/.test(parts[1]))
    return { ok: false, code: 'tokenInvalid' };
  const [body, signature] = parts;
  const given = Buffer.from(signature, 'base64url');
  const signedWith = (secret: string) => {
    const expected = sign(body, secret);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  if (!secrets.some(signedWith)) return { ok: false, code: 'tokenInvalid' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, code: 'tokenInvalid' };
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, code: 'tokenInvalid' };
  if (parsed.data.exp <= now) return { ok: false, code: 'tokenExpired' };
  return { ok: true, payload: parsed.data };
}

// Clients send "Bearer <token>"; a bare token is accepted too.
export function tokenFromHeader(header: string): string {
  const trimmed = header.trim();
  return /^bearer\s+/i.test(trimmed) ? trimmed.replace(/^bearer\s+/i, '') : trimmed;
}
