import { notifySuccess, notifyWarning } from '@bo/client';
import { contactName, foldAccents } from '@bo/contracts';
import { contactSearchOption, todosToEvents, type CalendarTodo } from '@bo/todos';
import { localIsoDate, type TodoDrop } from '@bo/todos/calendar';
import {
  hasFollowUp,
  TodoAddDialog,
  TodoEditDialog,
  type EditableTodo,
  type TodoAddValues,
  type TodoEditValues,
} from '@bo/todos/dialogs';
import { sampleStandbyLists, sampleTasks, sampleTodos } from '@bo/todos/sample-todos';
import { useCallback, useMemo, useState } from 'react';

const REFUSAL = 'Edition impossible car la tâche est aboutie';
const taskOptions = sampleTasks.map((task) => ({ id: task.id, description: task.description }));

// The agenda's pieces wired to plain React state instead of the API: what the showroom pages show.
export function useAgendaDemo() {
  const today = localIsoDate(new Date());
  const [todos, setTodos] = useState<EditableTodo[]>(() => sampleTodos(today));
  const [standby, setStandby] = useState(sampleStandbyLists);
  const [onlyPending, setOnlyPending] = useState(false);
  const [editing, setEditing] = useState<EditableTodo | null>(null);
  const [adding, setAdding] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  const events = useMemo(() => todosToEvents(todos, { onlyPending }), [todos, onlyPending]);
  // The add dialog's contact search, over the sample contacts en veille, accents and case ignored as the API does.
  const searchContacts = useCallback(
    (text: string) =>
      Promise.resolve(
        standby.allContacts
          .map(contactSearchOption)
          .filter((option) => foldAccents(option.label).includes(foldAccents(text))),
      ),
    [standby],
  );
  const say = (line: string) => setLog((lines) => [line, ...lines].slice(0, 6));
  const nextId = () => Math.max(0, ...todos.map((t) => t.id)) + 1;
  const taskOf = (id: number) => sampleTasks.find((task) => task.id === id) ?? sampleTasks[0];

  function openTodo(id: number) {
    const todo = todos.find((t) => t.id === id);
    if (!todo) return;
    if (todo.isAccomplished) {
      notifyWarning(REFUSAL, 'todo-accomplished');
      return;
    }
    setEditing(todo);
  }

  function moveTodo({ todoId, deadline }: TodoDrop) {
    setTodos((list) => list.map((t) => (t.id === todoId ? { ...t, deadline } : t)));
    say(`Tâche ${todoId} déplacée au ${deadline}.`);
  }

  async function saveTodo(values: TodoEditValues, todo: EditableTodo) {
    const updated: EditableTodo = {
      ...todo,
      deadline: values.deadline,
      notes: values.notes,
      comment: values.comment,
      isAccomplished: values.isAccomplished,
    };
    const added: CalendarTodo[] = [];
    if (hasFollowUp(values)) {
      const task = taskOf(values.taskId);
      added.push({
        ...todo,
        id: nextId(),
        deadline: values.newDeadline,
        notes: values.newNotes,
        isAccomplished: false,
        task: { ...task, style: { ...task.style } },
      });
    }
    setTodos((list) => [...list.map((t) => (t.id === todo.id ? updated : t)), ...added]);
    setEditing(null);
    notifySuccess('Tâche modifiée');
    say(
      added.length > 0
        ? `Tâche ${todo.id} aboutie, suivi créé le ${values.newDeadline}.`
        : `Tâche ${todo.id} modifiée.`,
    );
  }

  async function addTodo(values: TodoAddValues) {
    const contact = standby.allContacts.find((c) => c.id === values.contactId);
    if (!contact) return;
    const task = taskOf(values.taskId);
    const todo: CalendarTodo = {
      id: nextId(),
      deadline: values.deadline,
      notes: values.notes,
      isAccomplished: false,
      task: { ...task, style: { ...task.style } },
      contact: { id: contact.id, firstName: contact.firstName, lastName: contact.lastName, company: contact.company },
    };
    setTodos((list) => [...list, todo]);
    // The contact is active now: it leaves the three standby lists.
    const keep = (list: typeof standby.allContacts) => list.filter((c) => c.id !== contact.id);
    setStandby((lists) => ({
      myContacts: keep(lists.myContacts),
      teamContacts: keep(lists.teamContacts),
      allContacts: keep(lists.allContacts),
    }));
    setAdding(false);
    notifySuccess('Tâche ajoutée, contact activé');
    say(`Tâche ajoutée pour ${contactName(contact)}.`);
  }

  const dialogs = (
    <>
      <TodoEditDialog todo={editing} tasks={taskOptions} onSubmit={saveTodo} onCancel={() => setEditing(null)} />
      <TodoAddDialog
        open={adding}
        tasks={taskOptions}
        searchContacts={searchContacts}
        initialDeadline={today}
        onSubmit={addTodo}
        onCancel={() => setAdding(false)}
      />
    </>
  );

  return {
    today,
    todos,
    events,
    onlyPending,
    setOnlyPending,
    openTodo,
    moveTodo,
    openAdd: () => setAdding(true),
    editTodo: setEditing,
    dialogs,
    log,
  };
}

export function DemoLog({ lines }: { lines: string[] }) {
  return (
    <ul aria-label="Journal de la démonstration" aria-live="polite" className="bo-demo__log">
      {lines.map((line, index) => (
        <li key={`${index}-${line}`}>{line}</li>
      ))}
    </ul>
  );
}
