import { notifyWarning } from '@bo/client';
import type { Todo } from '@bo/contracts';
import { useCallback, useState } from 'react';
import { useAccomplishTodo } from '../api/accomplish-todo';
import { useAddContactTodo } from '../api/add-contact-todo';
import { useStoreTodo } from '../api/store-todo';
import type { TodoAddContact } from './todo-add-dialog';
import { connectedUserId, readTodoDraft } from './todo-draft';
import { hasFollowUp, type TodoAddValues, type TodoEditValues } from './todo-forms';

export const ACCOMPLISHED_REFUSAL = 'Edition impossible car la tâche est aboutie';

// The add dialog is open for a contact the page gave, or for one to choose among the standby contacts.
export type TodoAdding = { contact: TodoAddContact | null };

export type TodoEditorOptions = {
  // After a todo was added (and its contact activated): a page refreshes what it shows of that contact.
  onTodoAdded?: (todo: Todo) => void;
  // After a todo was saved from the edit dialog (changed, accomplished, followed up).
  onTodoSaved?: () => void;
};

// Which dialog is open and what saving it does; shared by every page that edits or adds todos.
export function useTodoEditor({ onTodoAdded, onTodoSaved }: TodoEditorOptions = {}) {
  // The todo as it was when clicked: the dialog's starting values.
  // A dialog the page's reload interrupted (the end of an unsaved session) opens again with its draft.
  const [draft] = useState(() => readTodoDraft(connectedUserId()));
  const [editing, setEditing] = useState<Todo | null>(draft?.kind === 'edit' ? draft.todo : null);
  const [adding, setAdding] = useState<TodoAdding | null>(draft?.kind === 'add' ? { contact: draft.contact } : null);
  // A todo shown read-only (a member's agenda seen by their leader, an accomplished todo opened by its link).
  const [viewing, setViewing] = useState<Todo | null>(null);
  const store = useStoreTodo();
  const accomplish = useAccomplishTodo();
  const add = useAddContactTodo();

  const openTodo = useCallback((todo: Todo) => {
    if (todo.isAccomplished) {
      notifyWarning(ACCOMPLISHED_REFUSAL, 'todo-accomplished');
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
      await accomplish.mutateAsync({
        ...common,
        taskId: values.taskId,
        newDeadline: values.newDeadline,
        newNotes: values.newNotes,
      });
    } else {
      await store.mutateAsync({ ...common, isAccomplished: values.isAccomplished });
    }
    setEditing(null);
    onTodoSaved?.();
  };

  const handleAddSubmit = async (values: TodoAddValues) => {
    const todo = await add.mutateAsync(values);
    setAdding(null);
    onTodoAdded?.(todo);
  };

  // Drag and drop: the same store call with the new deadline, notes kept; the event goes back if refused.
  const moveTodo = useCallback(
    (todo: Todo, deadline: string, revert: () => void) => {
      if (todo.isAccomplished) {
        revert();
        notifyWarning(ACCOMPLISHED_REFUSAL, 'todo-accomplished');
        return;
      }
      store.mutate({ id: todo.id, deadline, notes: todo.notes, isAccomplished: false }, { onError: revert });
    },
    [store],
  );

  return {
    editing,
    adding,
    viewing,
    openTodo,
    viewTodo: useCallback((todo: Todo) => setViewing(todo), []),
    closeView: useCallback(() => setViewing(null), []),
    // Takes no argument: it is given to buttons as their click handler.
    openAdd: useCallback(() => setAdding({ contact: null }), []),
    openAddFor: useCallback((contact: TodoAddContact) => setAdding({ contact }), []),
    closeEdit: useCallback(() => setEditing(null), []),
    closeAdd: useCallback(() => setAdding(null), []),
    handleEditSubmit,
    handleAddSubmit,
    moveTodo,
  };
}
export type TodoEditor = ReturnType<typeof useTodoEditor>;
