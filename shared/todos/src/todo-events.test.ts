import { monthGridRange } from './calendar/calendar-range';
import { ACCOMPLISHED_STYLE, todoToEvent, todosToEvents } from './todo-events';
import { sampleStandbyLists, sampleTasks, sampleTodos } from './sample-todos';
import { standbyContactGroups } from './dialogs/todo-forms';

const todos = sampleTodos('2026-03-15');
const pending = todos.find((t) => !t.isAccomplished && t.task.id === 3)!;
const accomplished = todos.find((t) => t.isAccomplished)!;

describe('todo to calendar event', () => {
  it('takes id, title, start and colours from the todo and its task', () => {
    expect(todoToEvent(pending)).toMatchObject({
      id: String(pending.id),
      title: 'Relance e-mail',
      start: pending.deadline,
      allDay: true,
      backgroundColor: sampleTasks[2].style.backgroundColor,
      borderColor: sampleTasks[2].style.borderColor,
      textColor: sampleTasks[2].style.color,
      editable: true,
    });
  });

  it('shows an accomplished todo in grey (light background, darker border, black text), not movable', () => {
    const event = todoToEvent(accomplished);
    expect(event).toMatchObject({
      backgroundColor: ACCOMPLISHED_STYLE.backgroundColor,
      borderColor: ACCOMPLISHED_STYLE.borderColor,
      textColor: '#000000',
      editable: false,
    });
    expect(event.title).toBe(accomplished.task.description);
    const lightness = (hex: string) => parseInt(hex.slice(1, 3), 16);
    expect(lightness(ACCOMPLISHED_STYLE.backgroundColor)).toBeGreaterThan(lightness(ACCOMPLISHED_STYLE.borderColor));
  });

  it('keeps accomplished todos unless onlyPending, which removes them', () => {
    const all = todosToEvents(todos);
    expect(all).toHaveLength(todos.length);
    const onlyPending = todosToEvents(todos, { onlyPending: true });
    expect(onlyPending.length).toBe(todos.filter((t) => !t.isAccomplished).length);
    expect(onlyPending.length).toBeLessThan(all.length);
    expect(onlyPending.every((e) => !e.extendedProps.isAccomplished)).toBe(true);
  });

  it('names the contact and company for screen readers', () => {
    expect(
      todoToEvent({ ...pending, contact: { id: 1, firstName: 'Ana', lastName: 'Lopez', company: { name: 'ACME' } } })
        .extendedProps.contact,
    ).toBe('Ana Lopez (ACME)');
  });
});

describe('standby contacts as grouped options', () => {
  it('lists each contact once, in its closest group, with the contract labels', () => {
    const groups = standbyContactGroups(sampleStandbyLists());
    expect(groups.map((g) => g.label)).toEqual(['Mes contacts', 'Contacts de mon équipe', 'Tous les contacts']);
    expect(groups.map((g) => g.options.map((o) => o.value))).toEqual([[21, 22], [23], [24]]);
    expect(groups[0].options[0].label).toBe('Inès Girard (Cabinet Roux)');
  });

  it('leaves out empty groups', () => {
    expect(standbyContactGroups({ myContacts: [], teamContacts: [], allContacts: [] })).toEqual([]);
  });
});

describe('month grid range', () => {
  it('covers six weeks from the Monday on or before the first of the month', () => {
    expect(monthGridRange('2026-03-15')).toEqual({ start: '2026-02-23', end: '2026-04-05' });
    expect(monthGridRange('2026-06-30')).toEqual({ start: '2026-06-01', end: '2026-07-12' });
  });
});
