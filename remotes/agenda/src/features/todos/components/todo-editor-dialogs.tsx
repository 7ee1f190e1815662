import { standbyContactGroups, TodoAddDialog, TodoEditDialog } from '@bo/ui';
import { useMemo } from 'react';
import { useStandbyContacts } from '../api/get-standby-contacts';
import { useTasks } from '../api/get-tasks';
import type { TodoEditor } from '../hooks/use-todo-editor';
import { businessToday } from '../utils/dates';

// The edit and add dialogs of the shared kit, fed with the task types and the standby lists of the API.
export function TodoEditorDialogs({ editor }: { editor: TodoEditor }) {
  const tasks = useTasks();
  // Asked for only once the add dialog opens: most visits never add a todo.
  const standby = useStandbyContacts({ enabled: editor.adding });
  const contactGroups = useMemo(() => (standby.data ? standbyContactGroups(standby.data) : []), [standby.data]);
  const taskOptions = tasks.data ?? [];
  return (
    <>
      <TodoEditDialog todo={editor.editing} tasks={taskOptions} onSubmit={editor.handleEditSubmit} onCancel={editor.closeEdit} />
      <TodoAddDialog
        open={editor.adding}
        tasks={taskOptions}
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
