import { sampleTodo as todo } from '@bo/todos/sample-todos';
import { filterTodos, initialListFilters } from './todo-filters';

describe('list page filters', () => {
  const today = '2026-03-18'; // a Wednesday
  const late = todo('2026-03-10');
  const due = todo('2026-03-18');
  const thisWeek = todo('2026-03-22');
  const later = todo('2026-04-02', { contact: { ...late.contact, id: 8, firstName: 'Hugo', lastName: 'Bernard' } });
  const done = todo('2026-03-01', { isAccomplished: true });
  const all = [done, late, due, thisWeek, later];
  const ids = (period: typeof initialListFilters.period, patch = {}) =>
    filterTodos(all, { ...initialListFilters, period, ...patch }, today).map((t) => t.id);

  it('sorts todos into late, today, this week, upcoming and accomplished', () => {
    expect(ids('late')).toEqual([late.id]);
    expect(ids('today')).toEqual([due.id]);
    expect(ids('week')).toEqual([due.id, thisWeek.id]);
    expect(ids('upcoming')).toEqual([thisWeek.id, later.id]);
    expect(ids('accomplished')).toEqual([done.id]);
    expect(ids('all')).toHaveLength(5);
  });

  it('searches contact names without regard to case or accents', () => {
    expect(ids('all', { search: 'LEA pet' })).toEqual([done.id, late.id, due.id, thisWeek.id]);
    expect(ids('all', { contactId: 8 })).toEqual([later.id]);
  });
});
