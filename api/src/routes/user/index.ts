import { endpoints, passwordProblems } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { decryptLoginPassword } from '../../auth/login-key';
import { hashPassword, verifyPassword } from '../../auth/password';
import { newSessionId } from '../../auth/token';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';
import { toUserDto } from '../../repositories/users';

export async function userRoutes(app: FastifyInstance) {
  const { config, repos, metrics } = app;

  registerEndpoint(app, endpoints.login, async (request, reply) => {
    const { trigram, password } = request.body;
    // Counted before the check, atomically and on every instance (see the README's login policy).
    if (!(await repos.security.reserveLoginAttempt(trigram, request.ip, config.loginRateLimit))) {
      metrics.loginLockouts.inc({ endpoint: 'login' });
      throw new AppError('notAllowed', { status: 429 });
    }
    // With a key pair the password arrives encrypted; the development mode of /docs also takes it plain.
    const plain =
      config.loginPrivateKey === null
        ? password
        : (decryptLoginPassword(password, config) ?? (config.docsPlainLogin ? password : null));
    const user = await repos.users.findByTrigram(trigram);
    // An unknown trigram still costs one argon2 verification: the answer time does not reveal it.
    const hash = user?.password_hash ?? (await app.sessions.dummyHash());
    const valid = (await verifyPassword(hash, plain ?? '')) && plain !== null && user !== undefined;
    if (!valid || user === undefined) {
      metrics.loginFailures.inc({ endpoint: 'login', reason: 'credentials' });
      throw new AppError('autenticationFailed');
    }
    if (!user.is_active) {
      metrics.loginFailures.inc({ endpoint: 'login', reason: 'inactive' });
      throw new AppError('inactiveUser');
    }
    await repos.security.loginSucceeded(trigram, request.ip, config.loginRateLimit);
    await repos.users.recordLogin(user.id);
    const sid = newSessionId();
    await repos.sessions.open(user.id, sid, request.headers['user-agent'] ?? '', config.tokenTtlSeconds);
    app.sessions.grant(reply, user.id, sid);
    return toUserDto(user);
  });

  registerEndpoint(app, endpoints.logout, async (request, reply) => {
    await repos.sessions.endBySid(authOf(request).sid);
    reply.removeHeader('authorization');
    return null;
  });

  // A password field: the login key's ciphertext when a key pair is configured, as on the login.
  const plainPassword = (value: string, field: string): string => {
    const plain = config.loginPrivateKey === null ? value : decryptLoginPassword(value, config);
    if (plain === null) throw new AppError('dataInvalid', { field });
    return plain;
  };

  registerEndpoint(app, endpoints.saveProfile, async (request) =>
    toUserDto(await repos.users.saveProfile(authOf(request).user.id, request.body)),
  );

  registerEndpoint(app, endpoints.changePassword, async (request) => {
    const { user, sid } = authOf(request);
    // The current password is a login attempt: counted before the check on the login's own counters (the user's
    // trigram from this address, and the address), atomically on every instance. A guess through a session spends
    // the login's budget, so a stolen session guesses no more than the login allows; and as for the login, the
    // lock holds for that address only.
    if (!(await repos.security.reserveLoginAttempt(user.trigram, request.ip, config.loginRateLimit))) {
      metrics.loginLockouts.inc({ endpoint: 'changePassword' });
      throw new AppError('notAllowed', { status: 429 });
    }
    const current = plainPassword(request.body.currentPassword, 'currentPassword');
    if (!(await verifyPassword(user.password_hash, current))) {
      metrics.loginFailures.inc({ endpoint: 'changePassword', reason: 'credentials' });
      throw new AppError('autenticationFailed', { field: 'currentPassword' });
    }
    await repos.security.loginSucceeded(user.trigram, request.ip, config.loginRateLimit);
    const next = plainPassword(request.body.newPassword, 'newPassword');
    const owner = { trigram: user.trigram, firstName: user.first_name, lastName: user.last_name };
    if (passwordProblems(next, owner).length > 0) throw new AppError('weakPassword', { field: 'newPassword' });
    // Every other session of the user ends; this one goes on.
    await repos.users.setPassword(user.id, await hashPassword(next, config.passwordHashing), sid);
    return null;
  });

  registerEndpoint(app, endpoints.sessions, async (request) => {
    const { user, sid } = authOf(request);
    return repos.sessions.list(user.id, sid, config.tokenTtlSeconds);
  });

  registerEndpoint(app, endpoints.endSession, async (request, reply) => {
    const { user, sid } = authOf(request);
    const ended = await repos.sessions.end(user.id, request.params.id);
    if (ended === undefined) throw new AppError('modelNotFound', { field: 'id' });
    // Ending this very session is a logout: no fresh token.
    if (ended === sid) reply.removeHeader('authorization');
    return null;
  });

  registerEndpoint(app, endpoints.logoutAll, async (request, reply) => {
    await repos.users.endSessions(authOf(request).user.id);
    reply.removeHeader('authorization');
    return null;
  });

  registerEndpoint(app, endpoints.currentUser, async (request) => toUserDto(authOf(request).user));

  registerEndpoint(app, endpoints.saveSettings, async (request) => {
    const { user } = authOf(request);
    return toUserDto(await repos.users.saveSettings(user.id, request.body));
  });
}
