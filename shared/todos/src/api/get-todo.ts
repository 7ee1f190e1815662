import { callEndpoint } from '@bo/client';
import { endpoints } from '@bo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

// One todo by its id (a link such as /agenda?todo=12, from the calendar feed), read fresh each time it is asked for.
export const todoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['todos', 'detail', id],
    queryFn: ({ signal }) => callEndpoint(endpoints.todo, { path: { id }, signal }),
    staleTime: 0,
  });

export function useTodo(id: number | null) {
  return useQuery({ ...todoQueryOptions(id ?? 0), enabled: id !== null });
}
