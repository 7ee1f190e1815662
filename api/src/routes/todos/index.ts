import { endpoints, envelopeSchema } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { canManageTodosOf, todoScope } from '../../domain/actor';
import { AppError } from '../../errors';
import { checkEditable, reloadTodo, usableTask } from '../../domain/todos';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

export async function todoRoutes(app: FastifyInstance) {
  const { repos } = app;
  // What the database builds for the cached answers is checked against this when responses are checked.
  const todosEnvelope = envelopeSchema(endpoints.todos.response);

  registerEndpoint(app, endpoints.todos, async (request, reply) => {
    const { actor } = authOf(request);
    const { onlyPending, start, end } = request.query;
    const scope = todoScope(actor);
    // start and end arrive as calendar days (the contracts' date decoder).
    const filters = { onlyPending, from: start, to: end };
    // Every admin sees the same list; anyone else their own (and their team's, which the data version covers).
    const who = scope === 'all' ? 'all' : `${scope}:${actor.id}`;
    const key = `todos:${who}:${Number(onlyPending)}:${filters.from ?? ''}:${filters.to ?? ''}`;
    const version = await repos.versions.todoList(scope, actor.id);
    return app.sendCached(request, reply, {
      key,
      version,
      schema: todosEnvelope,
      build: () => repos.todos.listJson(scope, actor.id, filters),
    });
  });

  // The todos a caller may read are those GET /todos lists them: their own, a leader's team's, an admin's all.
  registerEndpoint(app, endpoints.todo, async (request) => {
    const { actor } = authOf(request);
    const todo = await repos.todos.findDto(request.params.id);
    if (todo === undefined || !todo.isActive) throw new AppError('modelNotFound', { field: 'id' });
    const owner = await repos.users.findById(todo.owner.id);
    if (!canManageTodosOf(actor, { id: todo.owner.id, leaderId: owner?.leader_id ?? null }))
      throw new AppError('forbidden');
    return todo;
  });

  registerEndpoint(app, endpoints.storeTodo, async (request) => {
    const { actor } = authOf(request);
    const { id } = request.params;
    const { deadline, notes, comment, isAccomplished } = request.body;
    return repos.todos.update(id, { deadline, notes, comment }, isAccomplished, actor.id, (todo) =>
      checkEditable(actor, todo),
    );
  });

  registerEndpoint(app, endpoints.accomplishTodo, async (request) => {
    const { actor } = authOf(request);
    const { id, taskId } = request.params;
    const { deadline, notes, comment, newDeadline, newNotes } = request.body;
    await usableTask(repos, taskId);
    await repos.todos.accomplishWithFollowUp(
      id,
      { deadline, notes, comment },
      { taskId, deadline: newDeadline, notes: newNotes },
      actor.id,
      (todo) => checkEditable(actor, todo),
    );
    return reloadTodo(repos, id);
  });
}
