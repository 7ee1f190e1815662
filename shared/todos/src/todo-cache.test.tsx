import type { Todo } from '@bo/contracts';
import { QueryClient } from '@tanstack/react-query';
import { todosQueryOptions } from './api/get-todos';
import { sampleTodo } from './sample-todos';
import { mergeTodos, updateCachedTodos, withReplacement } from './todo-cache';

const todo = sampleTodo;

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
