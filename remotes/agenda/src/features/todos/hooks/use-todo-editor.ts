import type { Todo } from '@bo/contracts';
import { hasFollowUp, type TodoAddValues, type TodoEditValues } from '@bo/ui';
import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import { useAccomplishTodo } from '../api/accomplish-todo';
import { useAddContactTodo } from '../api/add-contact-todo';
import { useStoreTodo } from '../api/store-todo';

export const ACCOMPLISHED_REFUSAL = 'Edition impossible car la tâche est aboutie';

// Which dialog is open and what saving it does; shared by the calendar and the list page.
export function useTodoEditor() {
  // The todo as it was when clicked: the dialog's starting values.
  const [editing, setEditing] = useState<Todo | null>(null);
  const [adding, setAdding] = useState(false);
  const store = useStoreTodo();
  const accomplish = useAccomplishTodo();
  const add = useAddContactTodo();

  const openTodo = useCallback((todo: Todo) => {
    if (todo.isAccomplished) {
      toast.warning(ACCOMPLISHED_REFUSAL, { toastId: 'todo-accomplished' });
      return;
    }
    setEditing(todo);
  }, []);

  const handleEditSubmit = async (values: TodoEditValues) => {
    if (!editing) return;
    // An empty comment that was never written stays absent rather than becoming ''.
    const comment = values.comment === '' && !editing.comment ? undefined : values.comment;
    const common = { id: editing.id, deadline: values.deadline, notes: values.notes, comment };
    if (hasFollowUp(values)) {
      await accomplish.mutateAsync({ ...common, taskId: values.taskId, newDeadline: values.newDeadline, newNotes: values.newNotes });
    } else {
      await store.mutateAsync({ ...common, isAccomplished: values.isAccomplished });
    }
    setEditing(null);
  };

  const handleAddSubmit = async (values: TodoAddValues) => {
    await add.mutateAsync(values);
    setAdding(false);
  };

  // Drag and drop: the same store call with the new deadline, notes kept; the event goes back if refused.
  const moveTodo = useCallback(
    (todo: Todo, deadline: string, revert: () => void) => {
      if (todo.isAccomplished) {
        revert();
        toast.warning(ACCOMPLISHED_REFUSAL, { toastId: 'todo-accomplished' });
        return;
      }
      store.mutate({ id: todo.id, deadline, notes: todo.notes, isAccomplished: false }, { onError: revert });
    },
    [store],
  );

  return {
    editing,
    adding,
    openTodo,
    openAdd: useCallback(() => setAdding(true), []),
    closeEdit: useCallback(() => setEditing(null), []),
    closeAdd: useCallback(() => setAdding(false), []),
    handleEditSubmit,
    handleAddSubmit,
    moveTodo,
  };
}
export type TodoEditor = ReturnType<typeof useTodoEditor>;
