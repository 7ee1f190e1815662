import { z } from 'zod';
import { permission } from '../permissions';
import { todoAccomplishPayloadSchema, todoSchema, todoStorePayloadSchema, todosQuerySchema } from '../todo';
import { endpointGroup } from './endpoint';
import { idParamsSchema, todoTaskParamsSchema } from './params';

export const todoEndpoints = endpointGroup('todos', {
  todos: {
    method: 'GET',
    path: '/todos',
    summary:
      'Active todos the caller may see (own; a businessLeader adds the users they lead; an admin sees all), by deadline. ' +
      'start/end (Unix seconds or yyyy-MM-dd) bound the deadline, both days included, as dates in Europe/Paris.',
    access: permission('todo', 'read'),
    query: todosQuerySchema,
    response: z.array(todoSchema),
  },
  todo: {
    method: 'GET',
    path: '/todo/:id',
    summary:
      'One active todo the caller may see, as GET /todos lists them (a link to it from the calendar feed opens it)',
    access: permission('todo', 'read'),
    params: idParamsSchema,
    response: todoSchema,
  },
  storeTodo: {
    method: 'POST',
    path: '/todo/:id/store',
    summary: 'Edit a pending todo; isAccomplished=1 accomplishes it without follow-up',
    access: permission('todo', 'update'),
    params: idParamsSchema,
    body: todoStorePayloadSchema,
    response: todoSchema,
  },
  accomplishTodo: {
    method: 'POST',
    path: '/todo/:id/task/:taskId/store',
    summary:
      'Accomplish a todo and create its follow-up (task taskId, newDeadline, newNotes); returns it with `replacement`',
    access: permission('todo', 'update'),
    params: todoTaskParamsSchema,
    body: todoAccomplishPayloadSchema,
    response: todoSchema,
  },
});
