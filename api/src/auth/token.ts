import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// A compact signed token: base64url(JSON payload) "." base64url(HMAC-SHA256). The session id (sid) stays
// the same across refreshes so that logging out revokes every token of the session.
const payloadSchema = z.object({
  sub: z.number().int().positive(),
  sid: z.string().min(16).max(64),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type TokenPayload = z.infer<typeof payloadSchema>;

export type TokenCheck = { ok: true; payload: TokenPayload } | { ok: false; code: 'tokenInvalid' | 'tokenExpired' };

const sign = (body: string, secret: string): Buffer => createHmac('sha256', secret).update(body).digest();

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const newSessionId = (): string => randomBytes(18).toString('base64url');

export function issueToken(userId: number, sid: string, ttlSeconds: number, secret: string, now = nowSeconds()): string {
  const payload: TokenPayload = { sub: userId, sid, iat: now, exp: now + ttlSeconds };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

export function checkToken(token: string, secret: string, now = nowSeconds()): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[\w-]+$/.test(parts[0]) || !/^[\w-]+$/.test(parts[1])) return { ok: false, code: 'tokenInvalid' };
  const [body, signature] = parts;
  const expected = sign(body, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, code: 'tokenInvalid' };
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
