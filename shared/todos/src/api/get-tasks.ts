import { callEndpoint } from '@bo/client';
import { endpoints } from '@bo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: ['tasks', 'list'],
    queryFn: ({ signal }) => callEndpoint(endpoints.tasks, { signal }),
    // Task types change rarely (an admin's page).
    staleTime: 10 * 60_000,
  });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
