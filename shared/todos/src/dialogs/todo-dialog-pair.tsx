import { useMemo } from 'react';
import { useStandbyContacts } from '../api/get-standby-contacts';
import { useTasks } from '../api/get-tasks';
import { businessToday } from '../dates';
import { TodoAddDialog } from './todo-add-dialog';
import { TodoEditDialog } from './todo-edit-dialog';
import { standbyContactGroups } from './todo-forms';
import type { TodoEditor } from './use-todo-editor';

// The edit and add dialogs, fed with the task types and the standby lists of the API.
export function TodoDialogPair({ editor }: { editor: TodoEditor }) {
  const tasks = useTasks();
  const presetContact = editor.adding?.contact ?? null;
  // Asked for only once the add dialog opens without a contact: most visits never add a todo.
  const standby = useStandbyContacts({ enabled: editor.adding !== null && presetContact === null });
  const contactGroups = useMemo(() => (standby.data ? standbyContactGroups(standby.data) : []), [standby.data]);
  const taskOptions = tasks.data ?? [];
  return (
    <>
      <TodoEditDialog todo={editor.editing} tasks={taskOptions} onSubmit={editor.handleEditSubmit} onCancel={editor.closeEdit} />
      <TodoAddDialog
        open={editor.adding !== null}
        tasks={taskOptions}
        contact={presetContact}
        contactGroups={contactGroups}
        contactsLoading={standby.isFetching}
        // Read when the dialog opens: the date of today in Paris is not needed before (nor its formatter built).
        initialDeadline={editor.adding ? businessToday() : undefined}
        onSubmit={editor.handleAddSubmit}
        onCancel={editor.closeAdd}
      />
    </>
  );
}
