import { CALENDAR_ONLY_PENDING_DEFAULT } from '@bo/contracts';
import { todosToEvents, useCanSeeStandby, useTodos } from '@bo/todos';
import { TodoCalendar, type CalendarRange, type TodoDrop } from '@bo/todos/calendar';
import { TodoEditorDialogs, useTodoEditor } from '@bo/todos/dialogs';
import { PageFrame } from '@bo/ui';
import { useCallback, useMemo, useState } from 'react';
import { firstMonth } from './agenda-prefetch';

// /agenda: the month (or week) of todos, fetched for the visible days only.
export function AgendaPage() {
  const [onlyPending, setOnlyPending] = useState(CALENDAR_ONLY_PENDING_DEFAULT);
  // The first month is known before FullCalendar loads, so both downloads run side by side.
  const [range, setRange] = useState<CalendarRange>(firstMonth);
  const todos = useTodos({ onlyPending, start: range.start, end: range.end });
  const editor = useTodoEditor();
  const canAdd = useCanSeeStandby();
  const { openTodo, moveTodo } = editor;

  const events = useMemo(() => todosToEvents(todos.data ?? [], { onlyPending }), [todos.data, onlyPending]);
  const byId = useMemo(() => new Map((todos.data ?? []).map((todo) => [todo.id, todo])), [todos.data]);

  const handleRangeChange = useCallback(
    (next: CalendarRange) => setRange((current) => (current.start === next.start && current.end === next.end ? current : next)),
    [],
  );
  const handleEventClick = useCallback(
    (todoId: number) => {
      const todo = byId.get(todoId);
      if (todo) openTodo(todo);
    },
    [byId, openTodo],
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
    <PageFrame path="/agenda">
      <TodoCalendar
        events={events}
        loading={todos.isFetching}
        eventsPending={todos.data === undefined && !todos.isError}
        onlyPending={onlyPending}
        onOnlyPendingChange={setOnlyPending}
        onRangeChange={handleRangeChange}
        onEventClick={handleEventClick}
        onEventDrop={handleEventDrop}
        onAdd={canAdd ? editor.openAdd : undefined}
      />
      <TodoEditorDialogs editor={editor} />
    </PageFrame>
  );
}
