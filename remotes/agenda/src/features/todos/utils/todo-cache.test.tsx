import type { Todo } from '@bo/contracts';
import { QueryClient } from '@tanstack/react-query';
import { todosQueryOptions } from '../api/get-todos';
import { filterTodos, initialListFilters } from './todo-filters';
import { mergeTodos, updateCachedTodos, withReplacement } from './todo-cache';

let nextId = 1;
function todo(deadline: string, patch: Partial<Todo> = {}): Todo {
  const id = nextId++;
  return {
    id,
    deadline,
    executionDate: null,
    notes: '',
    comment: null,
    isAccomplished: false,
    isActive: true,
    created_at: '2026-01-01T00:00:00.000Z',
    task: { id: 1, description: 'Appel', style: { backgroundColor: '#112233', borderColor: '#000000', color: '#ffffff' }, isActive: true },
    contact: { id: 7, title: 'madam', firstName: 'Léa', lastName: 'Petit', jobTitle: null, company: null, ownerId: 1, isActive: true },
    owner: { id: 1, trigram: 'COM' },
    replacementId: null,
    replacement: null,
    ...patch,
  };
}

describe('todo lists in the cache', () => {
  const march = { onlyPending: false, start: '2026-02-23', end: '2026-04-05' };
  const april = { onlyPending: false, start: '2026-03-30', end: '2026-05-10' };

  it('moves a todo out of one range and into another, keeping the deadline order', () => {
    const a = todo('2026-03-02');
    const b = todo('2026-03-10');
    const moved = { ...a, deadline: '2026-04-20' };
    expect(mergeTodos([a, b], march, [moved])).toEqual([b]);
    const c = todo('2026-04-25');
    expect(mergeTodos([c], april, [moved])).toEqual([moved, c]);
  });

  it('leaves an unconcerned list as it is (same array)', () => {
    const list = [todo('2026-03-02')];
    expect(mergeTodos(list, march, [todo('2026-06-01')])).toBe(list);
  });

  it('drops an accomplished todo from an onlyPending list and adds its follow-up', () => {
    const a = todo('2026-03-02');
    const followUp = todo('2026-03-20');
    const done: Todo = { ...a, isAccomplished: true, replacementId: followUp.id, replacement: { ...followUp } };
    const changed = withReplacement(done);
    expect(changed).toHaveLength(2);
    expect(mergeTodos([a], { ...march, onlyPending: true }, changed)).toEqual([{ ...followUp, replacement: null }]);
    expect(mergeTodos([a], march, changed).map((t) => t.id)).toEqual([a.id, followUp.id]);
  });

  it('updates exactly the cached queries the change concerns', () => {
    const client = new QueryClient();
    const a = todo('2026-03-02');
    const june = { onlyPending: false, start: '2026-06-01', end: '2026-07-12' };
    const juneList = [todo('2026-06-10')];
    client.setQueryData(todosQueryOptions(march).queryKey, [a]);
    client.setQueryData(todosQueryOptions(june).queryKey, juneList);
    client.setQueryData(todosQueryOptions({ onlyPending: false }).queryKey, [a, ...juneList]);
    const edited = { ...a, notes: 'Rappeler' };
    updateCachedTodos(client, [edited]);
    expect(client.getQueryData(todosQueryOptions(march).queryKey)).toEqual([edited]);
    expect(client.getQueryData(todosQueryOptions({ onlyPending: false }).queryKey)).toEqual([edited, ...juneList]);
    expect(client.getQueryData(todosQueryOptions(june).queryKey)).toBe(juneList);
    expect(client.getQueryState(todosQueryOptions(march).queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(todosQueryOptions(june).queryKey)?.isInvalidated).toBe(false);
  });
});

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
