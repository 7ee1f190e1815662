import { lazyOverlay } from '@bo/ui/lazy-overlay';
import { useState } from 'react';
import { useTasks } from '../api/get-tasks';
import type { TodoEditor } from './use-todo-editor';

// The dialogs' code (their forms, the date picker's settings, the phrase picker) comes when one first opens: most
// visits of a page open none, and the page shows sooner without it.
const TodoDialogPair = lazyOverlay<{ editor: TodoEditor }>(() =>
  import('./todo-dialog-pair').then((module) => ({ default: module.TodoDialogPair })),
);

// The edit and add dialogs, fed with the task types and the standby lists of the API: what a page renders
// beside `useTodoEditor()` to edit todos and add them.
export function TodoEditorDialogs({ editor }: { editor: TodoEditor }) {
  // Asked for at once, so that a dialog opens with its task types.
  useTasks();
  const wanted = editor.editing !== null || editor.adding !== null || editor.viewing !== null;
  // Once mounted, the pair stays: a closing dialog keeps its animation, a second opening is immediate.
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  if (!mounted) return null;
  return <TodoDialogPair editor={editor} />;
}
