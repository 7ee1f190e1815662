import { AUTHORIZATION_HEADER, can, type ErrorCode, type Permission } from '@bo/contracts/all';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hashPassword } from '../../auth/password';
import { checkToken, issuedAtMs, issueToken, nowSeconds, tokenFromHeader, type TokenPayload } from '../../auth/token';
import type { UserRow } from '../../db/database';
import type { Actor } from '../../domain/actor';
import { AppError } from '../../errors';
import type { Repositories } from '../../repositories';
import { LAST_SEEN_PRECISION_MS } from '../../repositories/sessions';
import { toActor, type AuthSession } from '../../repositories/users';

export type Auth = { user: UserRow; actor: Actor; sid: string; token: TokenPayload };

declare module 'fastify' {
  interface FastifyContextConfig {
    // Reachable without a token (login, documentation).
    public?: boolean;
    // What the permission table must grant the caller's roles (endpoint entries set it).
    permission?: Permission;
    // False: the answer carries no fresh token (grantsToken in the contract's endpoint.ts).
    grantsToken?: boolean;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    sessions: {
      // Puts a fresh token for this session in the answer's authorization header.
      grant: (reply: FastifyReply, userId: number, sid: string) => void;
      // A hash to verify against when the trigram is unknown, so that both failures take the same time.
      dummyHash: () => Promise<string>;
    };
  }
}

// The connected user of a route that is not public (the hook has run).
export function authOf(request: FastifyRequest): Auth {
  if (request.auth === null) throw new AppError('unauthorized');
  return request.auth;
}

// Whether the session of a well-signed, unexpired token still holds: its user and session, or the refusal's code.
// Checked on every call, and again and again while an event stream stays open.
export async function sessionState(repos: Repositories, token: TokenPayload): Promise<SessionState> {
  return judgeSession(token, await repos.users.authState(token.sub, token.sid));
}

export type SessionState = { ok: true; user: UserRow; session: AuthSession } | { ok: false; code: ErrorCode };

// The same, from the user and session rows read (one by one, or for every open stream at once).
export function judgeSession(
  token: TokenPayload,
  { user, session }: { user: UserRow | undefined; session: AuthSession | null },
): SessionState {
  if (user === undefined) return { ok: false, code: 'tokenInvalid' };
  // A session ended (logout, ended from another device) or unknown (pruned, or older than the session list).
  if (session === null || session.ended) return { ok: false, code: 'tokenBlacklisted' };
  // Every token issued before the user's sessions were ended (deactivation, log out everywhere), on any instance;
  // both instants in milliseconds, so a login in the same second, after that instant, is not refused.
  if (user.sessions_valid_after !== null && issuedAtMs(token) < user.sessions_valid_after.getTime())
    return { ok: false, code: 'tokenBlacklisted' };
  if (!user.is_active) return { ok: false, code: 'inactiveUser' };
  return { ok: true, user, session };
}

// The authentication and permission checks, in one place. They run on onRequest, before the body is read or
// validated, so an anonymous or unentitled caller learns nothing about a route's input and costs no parsing.
export const authPlugin = fp(
  async (app) => {
    const { config, repos } = app;
    // Every token is signed with the current secret; one signed with the secret being rotated is still accepted,
    // and its answer carries a token of the current one (docs/production.md).
    const secret = config.tokenSecret ?? (await repos.security.tokenSecret());
    const accepted = config.tokenSecretPrevious === null ? [secret] : [secret, config.tokenSecretPrevious];
    let dummy: Promise<string> | null = null;

    app.decorate('sessions', {
      grant(reply, userId, sid) {
        // An answer with a token carries personal data too: no cache may keep it.
        reply.header('cache-control', 'no-store');
        reply.header(AUTHORIZATION_HEADER, `Bearer ${issueToken(userId, sid, config.tokenTtlSeconds, secret)}`);
      },
      dummyHash() {
        dummy ??= hashPassword(`dummy-${Math.random()}`, config.passwordHashing);
        return dummy;
      },
    });
    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      // Preflights are answered by CORS; unknown routes by the not-found handler.
      if (request.method === 'OPTIONS' || request.is404 || request.routeOptions.config.public === true) return;
      const header = request.headers.authorization;
      if (header === undefined || tokenFromHeader(header) === '') throw new AppError('unauthorized');
      const check = checkToken(tokenFromHeader(header), accepted, nowSeconds());
      if (!check.ok) throw new AppError(check.code);
      const state = await sessionState(repos, check.payload);
      if (!state.ok) throw new AppError(state.code);
      const { user, session } = state;
      const { sid } = check.payload;
      // Last seen, to the minute: a write once a minute per session, none on the other requests; not by the calls a
      // tab makes by itself, which show no one there.
      const active = request.routeOptions.config.grantsToken !== false;
      if (active && Date.now() - session.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS)
        await repos.sessions.touch(session.id);
      request.auth = { user, actor: toActor(user), sid, token: check.payload };
      // Sliding session: every authenticated answer, errors included, carries a token with a new expiry; not those
      // of the calls a tab makes by itself (docs/live-changes.md).
      if (active) app.sessions.grant(reply, user.id, sid);
      // The permission table, before the body is read: a caller without the role learns nothing about the input.
      const { permission } = request.routeOptions.config;
      if (permission !== undefined && !can(request.auth.actor.role, permission.resource, permission.action))
        throw new AppError('forbidden');
    });
  },
  { name: 'auth' },
);
