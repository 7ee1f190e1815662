import { endpoints, passwordProblems, type UserChanges } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { decryptLoginPassword } from '../../auth/login-key';
import { hashPassword } from '../../auth/password';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

// The admin pages' calls: the permission table (administration:manage) refuses every non-admin before any
// handler runs; every change is in the history, with who made it.
export async function adminRoutes(app: FastifyInstance) {
  const { config, repos } = app;

  // The password policy (contracts), with the names of the user it is for; then its hash.
  // The password may come as the login key's ciphertext, as on the login.
  async function checkedHash(wire: string, user: UserChanges): Promise<string> {
    const password = config.loginPrivateKey === null ? wire : decryptLoginPassword(wire, config);
    if (password === null) throw new AppError('dataInvalid', { field: 'password' });
    if (passwordProblems(password, user).length > 0) throw new AppError('weakPassword', { field: 'password' });
    return hashPassword(password, config.passwordHashing);
  }

  // A record's history (who did what to it, when): the one reader of the three pages.
  async function recordHistory(
    entity: 'task' | 'phrase' | 'user',
    id: number,
    query: { page: number; perPage: number },
  ) {
    const history = await repos.history.adminRecord(entity, id, query.page, query.perPage);
    if (history === undefined) throw new AppError('modelNotFound', { field: 'id' });
    return history;
  }

  registerEndpoint(app, endpoints.adminTaskTypes, async () => repos.taskTypes.listAll());
  registerEndpoint(app, endpoints.createTaskType, async (request) =>
    repos.taskTypes.create(request.body, authOf(request).user.id),
  );
  registerEndpoint(app, endpoints.updateTaskType, async (request) =>
    repos.taskTypes.update(request.params.id, request.body, authOf(request).user.id),
  );

  registerEndpoint(app, endpoints.taskTypeHistory, async (request) =>
    recordHistory('task', request.params.id, request.query),
  );
  registerEndpoint(app, endpoints.reorderTaskTypes, async (request) =>
    repos.taskTypes.reorder(request.body.ids, authOf(request).user.id),
  );

  registerEndpoint(app, endpoints.adminPhrases, async () => repos.phrases.list(false));
  registerEndpoint(app, endpoints.createPhrase, async (request) =>
    repos.phrases.create(request.body, authOf(request).user.id),
  );
  registerEndpoint(app, endpoints.updatePhrase, async (request) =>
    repos.phrases.update(request.params.id, request.body, authOf(request).user.id),
  );

  registerEndpoint(app, endpoints.phraseHistory, async (request) =>
    recordHistory('phrase', request.params.id, request.query),
  );

  registerEndpoint(app, endpoints.adminUsers, async () => repos.adminUsers.list());
  registerEndpoint(app, endpoints.createUser, async (request) => {
    const hash = await checkedHash(request.body.password, request.body);
    return repos.adminUsers.create(request.body, hash, authOf(request).user);
  });
  registerEndpoint(app, endpoints.updateUser, async (request) => {
    const { password } = request.body;
    const hash = password === undefined ? null : await checkedHash(password, request.body);
    return repos.adminUsers.update(request.params.id, request.body, hash, authOf(request).user);
  });
  registerEndpoint(app, endpoints.userHistory, async (request) =>
    recordHistory('user', request.params.id, request.query),
  );
  registerEndpoint(app, endpoints.moveTeam, async (request) => ({
    moved: await repos.adminUsers.moveTeam(request.params.id, request.body.leaderId, authOf(request).user),
  }));
}
