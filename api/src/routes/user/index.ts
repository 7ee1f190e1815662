import { endpoints } from '@bo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decryptLoginPassword } from '../../auth/login-key';
import { verifyPassword } from '../../auth/password';
import { newSessionId } from '../../auth/token';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/app/auth';
import { toUserDto } from '../../repositories/users';
import { answers, bearer, multipartBody, ok } from '../envelope';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, repos } = app;

  app.route({
    method: endpoints.login.method,
    url: endpoints.login.path,
    config: { public: true },
    schema: {
      tags: ['user'],
      summary: 'Log in with a trigram and a password; the token comes back in the authorization header',
      consumes: multipartBody,
      body: endpoints.login.body,
      response: answers(endpoints.login.response),
    },
    handler: async (request, reply) => {
      const { trigram, password } = request.body;
      // Counted before the check, atomically and on every instance (see the README's login policy).
      if (!(await repos.security.reserveLoginAttempt(trigram, request.ip, config.loginRateLimit))) {
        throw new AppError('notAllowed', { status: 429 });
      }
      const plain = config.loginPrivateKey === null ? password : decryptLoginPassword(password, config.loginPrivateKey);
      const user = await repos.users.findByTrigram(trigram);
      // An unknown trigram still costs one argon2 verification: the answer time does not reveal it.
      const hash = user?.password_hash ?? (await app.sessions.dummyHash());
      const valid = (await verifyPassword(hash, plain ?? '')) && plain !== null && user !== undefined;
      if (!valid || user === undefined) throw new AppError('autenticationFailed');
      if (!user.is_active) throw new AppError('inactiveUser');
      await repos.security.loginSucceeded(trigram, request.ip, config.loginRateLimit);
      app.sessions.grant(reply, user.id, newSessionId());
      return ok(toUserDto(user));
    },
  });

  app.route({
    method: endpoints.logout.method,
    url: endpoints.logout.path,
    schema: {
      tags: ['user'],
      summary: 'Revoke the session of the token (every token of the session stops working, on every instance)',
      security: bearer,
      consumes: multipartBody,
      body: endpoints.logout.body.optional(),
      response: answers(endpoints.logout.response),
    },
    handler: async (request, reply) => {
      const { sid } = authOf(request);
      // Any token of this session expires at the latest one TTL from now (the hook just refreshed it).
      await repos.security.revokeSession(sid, new Date(Date.now() + config.tokenTtlSeconds * 1000));
      reply.removeHeader('authorization');
      return ok(null);
    },
  });

  app.route({
    method: endpoints.currentUser.method,
    url: endpoints.currentUser.path,
    schema: {
      tags: ['user'],
      summary: 'The connected user, with role flags and layout settings',
      security: bearer,
      response: answers(endpoints.currentUser.response),
    },
    handler: async (request) => ok(toUserDto(authOf(request).user)),
  });

  app.route({
    method: endpoints.saveSettings.method,
    url: endpoints.saveSettings.path,
    schema: {
      tags: ['user'],
      summary: 'Save layout settings (JSON body, any subset); returns the user',
      security: bearer,
      body: endpoints.saveSettings.body,
      response: answers(endpoints.saveSettings.response),
    },
    handler: async (request) => {
      const { user } = authOf(request);
      const updated = await repos.users.saveSettings(user.id, request.body);
      return ok(toUserDto(updated));
    },
  });
};
