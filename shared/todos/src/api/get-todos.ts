import { callEndpoint } from '@bo/client';
import { endpoints } from '@bo/contracts';
import type { Todo } from '@bo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { businessDayInstant } from '../dates';

// Which todos a list holds: the calendar asks for its visible days (both ends included), the list page for all.
export type TodoFilters = { onlyPending: boolean; start?: string; end?: string };

// Every cached list of todos lives under this prefix: mutations walk through them (utils/todo-cache.ts).
export const todoListsKey = ['todos', 'list'] as const;

export function getTodos(filters: TodoFilters, signal?: AbortSignal) {
  return callEndpoint(endpoints.todos, {
    params: {
      onlyPending: filters.onlyPending,
      start: filters.start === undefined ? undefined : businessDayInstant(filters.start),
      end: filters.end === undefined ? undefined : businessDayInstant(filters.end),
    },
    signal,
  });
}

export const todosQueryOptions = (filters: TodoFilters) =>
  queryOptions({
    queryKey: [...todoListsKey, filters],
    queryFn: ({ signal }) => getTodos(filters, signal),
  });

// Moving to another month keeps the previous month's events on screen until the new ones arrive; a load that
// fails (the API down) keeps the todos last shown, beside the error, rather than an empty month.
export function useTodos(filters: TodoFilters) {
  const query = useQuery({ ...todosQueryOptions(filters), placeholderData: keepPreviousData });
  const last = useRef<Todo[] | undefined>(undefined);
  if (query.data !== undefined) last.current = query.data;
  return { ...query, data: query.data ?? (query.isError ? last.current : undefined) };
}
