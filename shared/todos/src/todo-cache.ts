import type { Todo } from '@bo/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { todoListsKey, type TodoFilters } from './api/get-todos';

export function fitsFilters(todo: Todo, filters: TodoFilters): boolean {
  if (!todo.isActive) return false;
  if (filters.onlyPending && todo.isAccomplished) return false;
  if (filters.start !== undefined && todo.deadline < filters.start) return false;
  if (filters.end !== undefined && todo.deadline > filters.end) return false;
  return true;
}

const byDeadline = (a: Todo, b: Todo) => (a.deadline === b.deadline ? a.id - b.id : a.deadline < b.deadline ? -1 : 1);

// One cached list after some todos changed: each leaves, stays or arrives according to the list's filters, in the
// server's order (deadline, then id). The same array comes back when the list is not concerned.
export function mergeTodos(list: readonly Todo[], filters: TodoFilters, changed: readonly Todo[]): readonly Todo[] {
  const ids = new Set(changed.map((todo) => todo.id));
  const kept = list.filter((todo) => !ids.has(todo.id));
  const arriving = changed.filter((todo) => fitsFilters(todo, filters));
  if (kept.length === list.length && arriving.length === 0) return list;
  return [...kept, ...arriving].sort(byDeadline);
}

// An accomplished todo and the follow-up the server created with it.
export function withReplacement(todo: Todo): Todo[] {
  return todo.replacement ? [todo, { ...todo.replacement, replacement: null }] : [todo];
}

function filtersOf(queryKey: readonly unknown[]): TodoFilters | null {
  const filters = queryKey[todoListsKey.length];
  return typeof filters === 'object' && filters !== null && 'onlyPending' in filters ? (filters as TodoFilters) : null;
}

// Writes the server's answer into exactly the cached lists (calendar ranges, the list page) it concerns, and
// marks them stale without a refetch: a later visit checks with the server, the screen does not wait for it.
export function updateCachedTodos(queryClient: QueryClient, changed: readonly Todo[]): void {
  const touched = new Set<string>();
  for (const query of queryClient.getQueryCache().findAll({ queryKey: todoListsKey })) {
    const filters = filtersOf(query.queryKey);
    const list = query.state.data as readonly Todo[] | undefined;
    if (!filters || !list) continue;
    const next = mergeTodos(list, filters, changed);
    if (next === list) continue;
    queryClient.setQueryData(query.queryKey, next);
    touched.add(query.queryHash);
  }
  void queryClient.invalidateQueries({
    queryKey: todoListsKey,
    refetchType: 'none',
    predicate: (query) => touched.has(query.queryHash),
  });
}
