import { endpoints, type Todo } from '@bo/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canManageTodosOf, todoScope, type Actor } from '../../domain/actor';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/app/auth';
import { answers, bearer, multipartBody, ok } from '../envelope';

// The todo an actor is about to edit: it must exist, be theirs to manage, and still be pending.
async function editableTodo(app: FastifyInstance, actor: Actor, id: number) {
  const todo = await app.repos.todos.findForEdit(id);
  if (todo === undefined || !todo.is_active) throw new AppError('modelNotFound', { field: 'id' });
  if (!canManageTodosOf(actor, { id: todo.owner_id, leaderId: todo.owner_leader_id })) throw new AppError('forbidden');
  if (todo.is_accomplished) throw new AppError('notAllowed');
  return todo;
}

// A task type to attach to a todo: it must exist and still be offered.
export async function usableTask(app: FastifyInstance, taskId: number) {
  const task = await app.repos.tasks.findById(taskId);
  if (task === undefined) throw new AppError('modelNotFound', { field: 'taskId' });
  if (!task.is_active) throw new AppError('dataInvalid', { field: 'taskId' });
  return task;
}

// A todo as the contract shows it, read back after a change.
export async function reload(app: FastifyInstance, id: number): Promise<Todo> {
  const todo = await app.repos.todos.findDto(id);
  if (todo === undefined) throw new AppError('modelNotFound');
  return todo;
}

export const todoRoutes: FastifyPluginAsyncZod = async (app) => {
  const todosAnswers = answers(endpoints.todos.response);
  app.route({
    method: endpoints.todos.method,
    url: endpoints.todos.path,
    schema: {
      tags: ['todos'],
      summary:
        'Active todos the caller may see (own; a businessLeader adds the users they lead; an admin sees all), by deadline. ' +
        'start/end (Unix seconds or yyyy-MM-dd) bound the deadline, both days included, as dates in Europe/Paris.',
      security: bearer,
      querystring: endpoints.todos.query,
      response: todosAnswers,
    },
    handler: async (request, reply) => {
      const { actor } = authOf(request);
      const { onlyPending, start, end } = request.query;
      const scope = todoScope(actor);
      const filters = {
        onlyPending,
        from: start,
        to: end,
      };
      // Every admin sees the same list; anyone else their own (and their team's, which the data version covers).
      const who = scope === 'all' ? 'all' : `${scope}:${actor.id}`;
      const key = `todos:${who}:${Number(onlyPending)}:${filters.from ?? ''}:${filters.to ?? ''}`;
      const version = authOf(request).versions.todos[scope];
      return app.sendCached(request, reply, { key, version, schema: todosAnswers[200], build: () => app.repos.todos.listJson(scope, actor.id, filters) });
    },
  });

  app.route({
    method: endpoints.storeTodo.method,
    url: endpoints.storeTodo.path,
    schema: {
      tags: ['todos'],
      summary: 'Edit a pending todo; isAccomplished=1 accomplishes it without follow-up',
      security: bearer,
      consumes: multipartBody,
      params: endpoints.storeTodo.params,
      body: endpoints.storeTodo.body,
      response: answers(endpoints.storeTodo.response),
    },
    handler: async (request) => {
      const { actor } = authOf(request);
      const { id } = request.params;
      await editableTodo(app, actor, id);
      const { deadline, notes, comment, isAccomplished } = request.body;
      await app.repos.todos.update(id, { deadline, notes, comment }, isAccomplished, actor.id);
      return ok(await reload(app, id));
    },
  });

  app.route({
    method: endpoints.accomplishTodo.method,
    url: endpoints.accomplishTodo.path,
    schema: {
      tags: ['todos'],
      summary: 'Accomplish a todo and create its follow-up (task taskId, newDeadline, newNotes); returns it with `replacement`',
      security: bearer,
      consumes: multipartBody,
      params: endpoints.accomplishTodo.params,
      body: endpoints.accomplishTodo.body,
      response: answers(endpoints.accomplishTodo.response),
    },
    handler: async (request) => {
      const { actor } = authOf(request);
      const { id, taskId } = request.params;
      await editableTodo(app, actor, id);
      await usableTask(app, taskId);
      const { deadline, notes, comment, newDeadline, newNotes } = request.body;
      await app.repos.todos.accomplishWithFollowUp(
        id,
        { deadline, notes, comment },
        { taskId, deadline: newDeadline, notes: newNotes },
        actor.id,
      );
      return ok(await reload(app, id));
    },
  });
};
