import { useCurrentUser } from '@bo/client';
import { defaultLayoutSettings } from '@bo/contracts';
import { todosToEvents, useCanAddTodos, useTodos } from '@bo/todos';
import { TodoCalendar, type CalendarRange, type TodoDrop } from '@bo/todos/calendar';
import { TodoEditorDialogs, useTodoEditor } from '@bo/todos/dialogs';
import { PageFrame } from '@bo/ui';
import { usersQueryOptions } from '@bo/ui/records';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Todo } from '@bo/contracts';
import { useLinkedTodo } from '../hooks/use-linked-todo';
import { calendarViewOf, firstRange } from './agenda-prefetch';

// One member's agenda, opened by their leader from /equipe (`/agenda?owner=12`): their todos only, read-only.
function useMemberView() {
  const [params] = useSearchParams();
  const raw = params.get('owner');
  const ownerId = raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const users = useQuery({ ...usersQueryOptions(), enabled: ownerId !== null });
  const member = users.data?.find((user) => user.id === ownerId);
  return {
    ownerId,
    title:
      ownerId === null
        ? undefined
        : `Agenda de ${member ? `${member.firstName} ${member.lastName}` : '…'} (lecture seule)`,
  };
}

// /agenda: the month (or week) of todos, fetched for the visible days only.
export function AgendaPage() {
  const member = useMemberView();
  // The agenda opens as the user chose on /mon-compte (their settings follow them to any browser).
  const opening = useCurrentUser().data?.settings ?? defaultLayoutSettings;
  const [onlyPending, setOnlyPending] = useState(opening.onlyPending);
  // The first days are known before FullCalendar loads, so both downloads run side by side.
  const [range, setRange] = useState<CalendarRange>(() => firstRange(opening));
  const todos = useTodos({ onlyPending, start: range.start, end: range.end });
  const editor = useTodoEditor();
  const canAdd = useCanAddTodos();
  const { openTodo, viewTodo, moveTodo } = editor;
  const readOnly = member.ownerId !== null;
  // A linked todo (`?todo=12`): its day shown, then the todo opened, read-only when it can no longer be edited.
  const [focusDate, setFocusDate] = useState<string>();
  const openLinked = useCallback(
    (todo: Todo) => {
      setFocusDate(todo.deadline);
      if (readOnly || todo.isAccomplished) viewTodo(todo);
      else openTodo(todo);
    },
    [readOnly, viewTodo, openTodo],
  );
  const openingLink = useLinkedTodo(openLinked);

  const shownTodos = useMemo(
    () =>
      member.ownerId === null
        ? (todos.data ?? [])
        : (todos.data ?? []).filter((todo) => todo.owner.id === member.ownerId),
    [todos.data, member.ownerId],
  );
  const events = useMemo(() => todosToEvents(shownTodos, { onlyPending }), [shownTodos, onlyPending]);
  const byId = useMemo(() => new Map((todos.data ?? []).map((todo) => [todo.id, todo])), [todos.data]);

  const handleRangeChange = useCallback(
    (next: CalendarRange) =>
      setRange((current) => (current.start === next.start && current.end === next.end ? current : next)),
    [],
  );
  const handleEventClick = useCallback(
    (todoId: number) => {
      const todo = byId.get(todoId);
      // A member's agenda, seen by their leader, shows each todo without offering to change it.
      if (todo) (readOnly ? viewTodo : openTodo)(todo);
    },
    [byId, readOnly, viewTodo, openTodo],
  );
  const handleEventDrop = useCallback(
    ({ todoId, deadline, revert }: TodoDrop) => {
      const todo = byId.get(todoId);
      if (todo) moveTodo(todo, deadline, revert);
      else revert();
    },
    [byId, moveTodo],
  );

  return (
    <PageFrame
      path="/agenda"
      title={member.title}
      actions={member.ownerId !== null && <Link to="/agenda">Retour à mon agenda</Link>}
    >
      <TodoCalendar
        events={events}
        loading={todos.isFetching || openingLink}
        eventsPending={todos.data === undefined && !todos.isError}
        initialView={calendarViewOf[opening.calendarView]}
        focusDate={focusDate}
        onlyPending={onlyPending}
        onOnlyPendingChange={setOnlyPending}
        onRangeChange={handleRangeChange}
        onEventClick={handleEventClick}
        onEventDrop={readOnly ? undefined : handleEventDrop}
        onRetryLoad={todos.isError ? () => void todos.refetch() : undefined}
        onAdd={canAdd && !readOnly ? editor.openAdd : undefined}
      />
      <TodoEditorDialogs editor={editor} />
    </PageFrame>
  );
}
