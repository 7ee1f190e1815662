import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { standbyContactsQueryOptions } from '../api/get-standby-contacts';
import { tasksQueryOptions } from '../api/get-tasks';
import { sampleTasks } from '../sample-todos';
import { TodoEditorDialogs } from './todo-editor-dialogs';
import { useTodoEditor } from './use-todo-editor';

// The dialogs come in a lazily loaded part: its first import compiles their modules (forms, date picker), which
// takes seconds on a loaded machine, beyond the library's 1 s wait and jest's 5 s per test. A dialog that never
// opens still fails, later.
const lazyPartWait = { timeout: 15_000 };
const lazyPartTestTimeout = 30_000;

const contact = { id: 42, firstName: 'Inès', lastName: 'Girard', company: { id: 9, name: 'Cabinet Roux' } };

// A contact's page: "Ajouter une tâche" for the contact it shows, and the calendar's button for a standby contact.
function ContactPanel() {
  const editor = useTodoEditor();
  return (
    <>
      <button type="button" onClick={() => editor.openAddFor(contact)}>
        Ajouter une tâche pour ce contact
      </button>
      <button type="button" onClick={editor.openAdd}>
        Ajouter une tâche
      </button>
      <TodoEditorDialogs editor={editor} />
    </>
  );
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(
    tasksQueryOptions().queryKey,
    sampleTasks.map((task) => ({ ...task, style: { ...task.style }, isActive: true })),
  );
  render(
    <QueryClientProvider client={client}>
      <ContactPanel />
    </QueryClientProvider>,
  );
  return client;
}

describe('the todo dialogs of a page', () => {
  it(
    'adds a todo for the contact the page gives without asking for the standby lists',
    async () => {
      const client = renderPanel();
      await userEvent.click(screen.getByRole('button', { name: 'Ajouter une tâche pour ce contact' }));
      const dialog = within(
        await screen.findByRole('dialog', { name: 'Ajouter une tâche pour Inès Girard' }, lazyPartWait),
      );
      expect(dialog.getByLabelText('Contact')).toHaveValue('Inès Girard (Cabinet Roux)');
      // Never asked: neither fetching, nor answered, nor refused.
      const standby = client.getQueryState(standbyContactsQueryOptions().queryKey);
      expect(standby?.fetchStatus ?? 'idle').toBe('idle');
      expect(standby?.dataUpdatedAt ?? 0).toBe(0);
      expect(standby?.errorUpdatedAt ?? 0).toBe(0);
      await userEvent.click(dialog.getByRole('button', { name: 'Annuler' }));
    },
    lazyPartTestTimeout,
  );
});
