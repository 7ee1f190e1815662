import { callEndpoint, notifySuccess } from '@bo/client';
import { endpoints, type TodoAccomplishPayload } from '@bo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCachedTodos, withReplacement } from '../todo-cache';

export type AccomplishTodoInput = TodoAccomplishPayload & { id: number; taskId: number };

export function accomplishTodo({ id, taskId, ...params }: AccomplishTodoInput) {
  return callEndpoint(endpoints.accomplishTodo, { path: { id, taskId }, params });
}

// Accomplishes a todo and creates its follow-up: both land in the cached lists at once.
export function useAccomplishTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accomplishTodo,
    onSuccess: (todo) => {
      updateCachedTodos(queryClient, withReplacement(todo));
      notifySuccess('Tâche modifiée');
    },
  });
}
