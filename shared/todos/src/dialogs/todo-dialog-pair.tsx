import { searchContactOptions } from '../api/search-contacts';
import { useTasks } from '../api/get-tasks';
import { businessToday } from '../dates';
import { TodoAddDialog } from './todo-add-dialog';
import { TodoEditDialog } from './todo-edit-dialog';
import { TodoViewDialog } from './todo-view-dialog';
import type { TodoEditor } from './use-todo-editor';

// The edit, add and read-only dialogs, fed with the task types and the contact search of the API.
export function TodoDialogPair({ editor }: { editor: TodoEditor }) {
  const tasks = useTasks();
  const presetContact = editor.adding?.contact ?? null;
  const taskOptions = tasks.data ?? [];
  return (
    <>
      <TodoEditDialog
        todo={editor.editing}
        tasks={taskOptions}
        onSubmit={editor.handleEditSubmit}
        onCancel={editor.closeEdit}
      />
      <TodoAddDialog
        open={editor.adding !== null}
        tasks={taskOptions}
        contact={presetContact}
        searchContacts={searchContactOptions}
        // Read when the dialog opens: the date of today in Paris is not needed before (nor its formatter built).
        initialDeadline={editor.adding ? businessToday() : undefined}
        onSubmit={editor.handleAddSubmit}
        onCancel={editor.closeAdd}
      />
      <TodoViewDialog todo={editor.viewing} onClose={editor.closeView} />
    </>
  );
}
