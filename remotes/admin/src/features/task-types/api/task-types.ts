import { callEndpoint, notifySuccess } from '@bo/client';
import { endpoints, type TaskType, type TaskTypeStorePayload } from '@bo/contracts/records';
import { tasksQueryOptions, todoListsKey } from '@bo/todos';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

// Every query of this feature sits under 'task-types'; a save also refreshes the types offered for new todos and
// the todo lists (their chips carry the type's colours).
export const taskTypeKeys = {
  all: ['task-types'] as const,
  list: () => ['task-types', 'list'] as const,
  history: (id: number) => ['task-types', 'history', id] as const,
};

export const taskTypesQueryOptions = () =>
  queryOptions({
    queryKey: taskTypeKeys.list(),
    queryFn: ({ signal }) => callEndpoint(endpoints.adminTaskTypes, { signal }),
  });

export const fetchTaskTypeHistory = (id: number) => (page: number, perPage: number, signal: AbortSignal) =>
  callEndpoint(endpoints.taskTypeHistory, { path: { id }, params: { page, perPage }, signal });

async function refresh(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: taskTypeKeys.all }),
    queryClient.invalidateQueries({ queryKey: tasksQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: todoListsKey }),
  ]);
}

export function useStoreTaskType(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: TaskTypeStorePayload): Promise<TaskType> =>
      id === null
        ? callEndpoint(endpoints.createTaskType, { params: payload })
        : callEndpoint(endpoints.updateTaskType, { path: { id }, params: payload }),
    onSuccess: async () => {
      notifySuccess(id === null ? 'Type de tâche créé' : 'Type de tâche enregistré');
      await refresh(queryClient);
    },
  });
}

// A new order is shown at once; the server's answer (every type, in its order) replaces it, or a failure puts the
// former order back.
export function useReorderTaskTypes() {
  const queryClient = useQueryClient();
  const key = taskTypesQueryOptions().queryKey;
  return useMutation({
    mutationFn: (rows: TaskType[]) =>
      callEndpoint(endpoints.reorderTaskTypes, { params: { ids: rows.map((row) => row.id) } }),
    onMutate: async (rows) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(
        key,
        rows.map((row, index) => ({ ...row, order: index + 1 })),
      );
      return { previous };
    },
    onError: (_error, _rows, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(key, saved);
      notifySuccess('Ordre enregistré');
      await queryClient.invalidateQueries({ queryKey: tasksQueryOptions().queryKey });
    },
  });
}
