import type { Todo } from '@bo/contracts';
import { useTodo } from '@bo/todos';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

// A link to one todo (`/agenda?todo=12`, each event of the calendar feed has one): once the todo is read, `onOpen`
// shows it and the address drops the parameter, so that closing the dialog does not open it again.
export function useLinkedTodo(onOpen: (todo: Todo) => void) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('todo');
  const id = raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const todo = useTodo(id);
  const latest = useRef(onOpen);
  latest.current = onOpen;
  const { data, error } = todo;
  // Acts on the answer's arrival (an event, not data copied into state): the dialog opens once per link followed.
  useEffect(() => {
    if (raw === null || (id !== null && data === undefined && error === null)) return;
    // A refusal (another user's todo, one deleted) is already said by the query's toast.
    if (id !== null && data !== undefined && data.id === id) latest.current(data);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('todo');
        return next;
      },
      { replace: true },
    );
  }, [raw, id, data, error, setParams]);
  return todo.isFetching;
}
