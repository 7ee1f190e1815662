import { callEndpoint, notifySuccess } from '@bo/client';
import { endpoints, type TodoStorePayload } from '@bo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCachedTodos } from '../todo-cache';

export type StoreTodoInput = TodoStorePayload & { id: number };

export function storeTodo({ id, ...params }: StoreTodoInput) {
  return callEndpoint(endpoints.storeTodo, { path: { id }, params });
}

// Edits (or moves, or accomplishes without follow-up) a todo; the lists holding it are updated in place.
export function useStoreTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storeTodo,
    onSuccess: (todo) => {
      updateCachedTodos(queryClient, [todo]);
      notifySuccess('Tâche modifiée');
    },
  });
}
