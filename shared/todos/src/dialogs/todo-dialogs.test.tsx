import { ApiRequestError } from '@bo/client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleStandbyLists, sampleTasks, sampleTodos } from '../sample-todos';
import { TodoAddDialog } from './todo-add-dialog';
import { TodoEditDialog } from './todo-edit-dialog';
import { foldAccents } from '@bo/contracts';
import { contactSearchOption } from '../api/search-contacts';

// antd's dialogs render slowly under jsdom, slower still beside the other test files.
jest.setTimeout(30_000);

// antd's Select schedules its opening through MessageChannel, which jsdom lacks: a timer does the same here.
class TimerMessageChannel {
  port1: { onmessage: null | (() => void) } = { onmessage: null };
  port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.()) };
}
Object.assign(globalThis, { MessageChannel: globalThis.MessageChannel ?? TimerMessageChannel });

const todo = sampleTodos('2026-03-15').find((t) => !t.isAccomplished)!;
const tasks = sampleTasks.map((t) => ({ id: t.id, description: t.description }));

function dialog() {
  return within(screen.getByRole('dialog'));
}

describe('edit dialog', () => {
  it('shows the todo and submits its fields unchanged', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<TodoEditDialog todo={todo} tasks={tasks} onSubmit={onSubmit} onCancel={jest.fn()} />);
    // The dialog comes with antd's dialog module, loaded when a first dialog opens.
    await screen.findByRole('dialog');
    expect(dialog().getByText(todo.task.description)).toBeInTheDocument();
    await userEvent.clear(dialog().getByLabelText('Notes'));
    await userEvent.type(dialog().getByLabelText('Notes'), 'Rappeler lundi');
    await userEvent.click(dialog().getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      deadline: todo.deadline,
      notes: 'Rappeler lundi',
      comment: '',
      isAccomplished: false,
      taskId: null,
      newDeadline: '',
      newNotes: '',
    });
  });

  it('asks for a date when the deadline is cleared', async () => {
    const onSubmit = jest.fn();
    render(<TodoEditDialog todo={{ ...todo, deadline: '' }} tasks={tasks} onSubmit={onSubmit} onCancel={jest.fn()} />);
    await userEvent.click(dialog().getByRole('button', { name: 'Enregistrer' }));
    expect(await dialog().findByText('Date requise')).toBeInTheDocument();
    expect(dialog().getByLabelText(/Échéance/)).toHaveAccessibleDescription('Date requise');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reveals the follow-up fields when switched to accomplished', async () => {
    render(<TodoEditDialog todo={todo} tasks={tasks} onSubmit={jest.fn()} onCancel={jest.fn()} />);
    expect(dialog().queryByLabelText('Type de la tâche de suivi')).not.toBeInTheDocument();
    await userEvent.click(dialog().getByRole('switch', { name: 'Tâche aboutie' }));
    expect(dialog().getByText('Oui')).toBeInTheDocument();
    expect(dialog().getByLabelText('Type de la tâche de suivi')).toBeInTheDocument();
    expect(dialog().getByLabelText(/Nouvelle échéance/)).toBeInTheDocument();
    expect(dialog().getByLabelText('Nouvelles notes')).toBeInTheDocument();
  });

  it('asks for the new deadline once a follow-up task is chosen', async () => {
    const onSubmit = jest.fn();
    render(<TodoEditDialog todo={todo} tasks={tasks} onSubmit={onSubmit} onCancel={jest.fn()} />);
    await userEvent.click(dialog().getByRole('switch', { name: 'Tâche aboutie' }));
    await userEvent.click(dialog().getByLabelText('Type de la tâche de suivi'));
    await userEvent.click(await screen.findByTitle('Appel de suivi'));
    await userEvent.click(dialog().getByRole('button', { name: 'Enregistrer' }));
    expect(await dialog().findByText('Date requise')).toBeInTheDocument();
    expect(dialog().getByLabelText(/Nouvelle échéance/)).toHaveAccessibleDescription('Date requise');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the dialog and what was typed when the server refuses a field', async () => {
    const onSubmit = jest
      .fn()
      .mockRejectedValue(new ApiRequestError([{ message: 'dataInvalid', field: 'notes' }], 422));
    render(<TodoEditDialog todo={todo} tasks={tasks} onSubmit={onSubmit} onCancel={jest.fn()} />);
    await userEvent.clear(dialog().getByLabelText('Notes'));
    await userEvent.type(dialog().getByLabelText('Notes'), 'Texte refusé');
    await userEvent.click(dialog().getByRole('button', { name: 'Enregistrer' }));
    expect(await dialog().findByText('Données non valides')).toBeInTheDocument();
    expect(dialog().getByLabelText('Notes')).toHaveValue('Texte refusé');
  });

  it('is closed without a todo', () => {
    render(<TodoEditDialog todo={null} tasks={tasks} onSubmit={jest.fn()} onCancel={jest.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('add dialog', () => {
  // The API's search, accents and case ignored, over the sample contacts en veille.
  const searchContacts = (text: string) =>
    Promise.resolve(
      sampleStandbyLists()
        .allContacts.map(contactSearchOption)
        .filter((option) => foldAccents(option.label).includes(foldAccents(text))),
    );

  it('requires a contact, a task type and a deadline', async () => {
    const onSubmit = jest.fn();
    render(
      <TodoAddDialog open tasks={tasks} searchContacts={searchContacts} onSubmit={onSubmit} onCancel={jest.fn()} />,
    );
    await userEvent.click(dialog().getByRole('button', { name: 'Enregistrer' }));
    expect(await dialog().findByText('Date requise')).toBeInTheDocument();
    expect(dialog().getAllByText('Entrée requise')).toHaveLength(2);
    expect(dialog().getByLabelText(/^Contact/)).toHaveAccessibleDescription('Entrée requise');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('searches the contacts, standby ones marked, and submits the choice', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(
      <TodoAddDialog
        open
        tasks={tasks}
        searchContacts={searchContacts}
        initialDeadline="2026-03-20"
        onSubmit={onSubmit}
        onCancel={jest.fn()}
      />,
    );
    await userEvent.type(dialog().getByLabelText(/^Contact/), 'zoe');
    await userEvent.click(await screen.findByTitle('Zoé Lambert (Garage Faure) – en veille'));
    await userEvent.click(dialog().getByLabelText(/Type de tâche/));
    await userEvent.click(await screen.findByTitle('Relance e-mail'));
    await userEvent.type(dialog().getByLabelText('Notes'), 'Premier contact');
    await userEvent.click(dialog().getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      contactId: 23,
      taskId: 3,
      deadline: '2026-03-20',
      notes: 'Premier contact',
    });
  });

  it('adds a todo for a contact the page gives, without asking for one', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    const contact = { id: 42, firstName: 'Inès', lastName: 'Girard', company: { id: 9, name: 'Cabinet Roux' } };
    render(
      <TodoAddDialog
        open
        tasks={tasks}
        contact={contact}
        initialDeadline="2026-03-20"
        onSubmit={onSubmit}
        onCancel={jest.fn()}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Ajouter une tâche pour Inès Girard' })).toBeInTheDocument();
    expect(dialog().queryByRole('combobox', { name: /^Contact/ })).not.toBeInTheDocument();
    expect(dialog().getByLabelText('Contact')).toHaveValue('Inès Girard (Cabinet Roux)');
    expect(dialog().getByLabelText('Contact')).toHaveAttribute('readonly');
    await userEvent.click(dialog().getByLabelText(/Type de tâche/));
    await userEvent.click(await screen.findByTitle('Appel de suivi'));
    await userEvent.click(dialog().getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ contactId: 42, taskId: 1, deadline: '2026-03-20', notes: '' });
  });
});
