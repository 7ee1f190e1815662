import type { Todo } from '@bo/contracts/all';
import { AppError } from '../errors';
import type { Repositories } from '../repositories';
import type { CheckedTodo } from '../repositories/todos';
import { canManageTodosOf, type Actor } from './actor';

// The rules a todo change obeys, shared by every route that touches todos.

// The todo an actor is about to edit: it must exist, be theirs to manage, and still be pending. Checked on its row as
// read for the write, which lands only on that very row (repos.todos), so that the rules and the write see the same
// todo.
export function checkEditable(
  actor: Actor,
  todo: Pick<CheckedTodo, 'owner_id' | 'owner_leader_id' | 'is_accomplished' | 'is_active'> | undefined,
): void {
  if (todo === undefined || !todo.is_active) throw new AppError('modelNotFound', { field: 'id' });
  if (!canManageTodosOf(actor, { id: todo.owner_id, leaderId: todo.owner_leader_id })) throw new AppError('forbidden');
  if (todo.is_accomplished) throw new AppError('notAllowed');
}

// A task type to attach to a todo: it must exist and still be offered.
export async function usableTask(repos: Repositories, taskId: number) {
  const task = await repos.taskTypes.findById(taskId);
  if (task === undefined) throw new AppError('modelNotFound', { field: 'taskId' });
  if (!task.is_active) throw new AppError('dataInvalid', { field: 'taskId' });
  return task;
}

// A todo as the contract shows it, read back after a change.
export async function reloadTodo(repos: Repositories, id: number): Promise<Todo> {
  const todo = await repos.todos.findDto(id);
  if (todo === undefined) throw new AppError('modelNotFound');
  return todo;
}
