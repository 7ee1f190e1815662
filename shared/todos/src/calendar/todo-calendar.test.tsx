import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleTodos } from '../sample-todos';
import { TodoCalendar } from './todo-calendar';
import { todosToEvents } from '../todo-events';

const todos = sampleTodos('2026-03-15');

// FullCalendar comes in a lazily loaded part (calendar-loader): its first import, in the first test that draws a
// month, compiles its modules, which takes seconds on a loaded machine, beyond the library's 1 s wait and jest's
// 5 s per test. A month that never shows still fails, later.
const lazyPartWait = { timeout: 15_000 };
const lazyPartTestTimeout = 30_000;

describe('TodoCalendar', () => {
  it(
    'shows the month in French from Monday, with the todos as events',
    async () => {
      const onRangeChange = jest.fn();
      render(<TodoCalendar events={todosToEvents(todos)} initialDate="2026-03-15" onRangeChange={onRangeChange} />);
      expect(await screen.findByText('mars 2026', {}, lazyPartWait)).toBeInTheDocument();
      expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent(/lun/i);
      expect(screen.getAllByText(/Relance e-mail/).length).toBeGreaterThan(0);
      expect(onRangeChange).toHaveBeenCalledWith({ start: '2026-02-23', end: '2026-04-05' });
    },
    lazyPartTestTimeout,
  );

  it('opens a focused event with Enter and offers the labelled controls', async () => {
    const onEventClick = jest.fn();
    const onOnlyPendingChange = jest.fn();
    const onAdd = jest.fn();
    render(
      <TodoCalendar
        events={todosToEvents(todos)}
        initialDate="2026-03-15"
        onEventClick={onEventClick}
        onlyPending={false}
        onOnlyPendingChange={onOnlyPendingChange}
        onAdd={onAdd}
      />,
    );
    const target = todos.find((t) => t.deadline === '2026-03-17')!;
    await screen.findByText('mars 2026');
    const event = document.querySelector<HTMLElement>(`[data-todo-id="${target.id}"]`)!;
    expect(event).toHaveAttribute('tabindex', '0');
    // The chip names its contact first, then its task type: a button a screen reader reads as the eye does.
    expect(event).toHaveAttribute('role', 'button');
    expect(event).toHaveAccessibleName(
      new RegExp(`^${target.contact.firstName} ${target.contact.lastName} · ${target.task.description}`),
    );
    // No link without address carries a name, and no aria-controls is left empty (FullCalendar's day headers).
    expect(document.querySelectorAll('.fc a:not([href])[aria-label], .fc [aria-controls=""]')).toHaveLength(0);
    expect(screen.getByRole('columnheader', { name: 'lundi' })).toBeInTheDocument();
    event.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onEventClick).toHaveBeenCalledWith(target.id));
    await userEvent.click(screen.getByRole('switch', { name: 'Tâches en cours uniquement' }));
    expect(onOnlyPendingChange).toHaveBeenCalledWith(true, expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une tâche' }));
    expect(onAdd).toHaveBeenCalled();
  });

  it('draws the month only once its first events are there', async () => {
    const { rerender } = render(<TodoCalendar events={[]} eventsPending initialDate="2026-03-15" />);
    expect(screen.getByText('Chargement du calendrier…')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('mars 2026')).not.toBeInTheDocument();
    rerender(<TodoCalendar events={todosToEvents(todos)} initialDate="2026-03-15" />);
    expect(await screen.findByText('mars 2026')).toBeInTheDocument();
    expect(screen.getAllByText(/Relance e-mail/).length).toBeGreaterThan(0);
  });

  it('says when it is loading', async () => {
    render(<TodoCalendar events={[]} loading initialDate="2026-03-15" />);
    expect(screen.getByText('Chargement des tâches…')).toBeInTheDocument();
  });
});
