import { contactName, type TaskStyle, type Todo } from '@bo/contracts';

// What the calendar needs of a todo (an all-day event in its task type's colours); the showroom builds these by hand.
export type CalendarTodo = Pick<Todo, 'id' | 'deadline' | 'isAccomplished' | 'notes'> & {
  task: Pick<Todo['task'], 'id' | 'description' | 'style'>;
  contact: Pick<Todo['contact'], 'id' | 'firstName' | 'lastName'> & { company: { name: string } | null };
};

// Accomplished todos: light grey background, darker grey border, black text, whatever their task type.
export const ACCOMPLISHED_STYLE: TaskStyle = { backgroundColor: '#e0e0e0', borderColor: '#9e9e9e', color: '#000000' };

export type TodoEvent = {
  id: string;
  title: string;
  start: string;
  allDay: true;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  // An accomplished todo cannot be dragged to another day.
  editable: boolean;
  // A todo has a deadline, not a duration: never stretched over several days.
  durationEditable: false;
  classNames: string[];
  // contact: the contact and its company, as one text; contactName and company apart, for the chip's layout.
  extendedProps: {
    todoId: number;
    isAccomplished: boolean;
    contact: string;
    contactName: string;
    company: string | null;
    notes: string;
  };
};

export function todoStyle(todo: Pick<CalendarTodo, 'isAccomplished' | 'task'>): TaskStyle {
  return todo.isAccomplished ? ACCOMPLISHED_STYLE : todo.task.style;
}

export function todoToEvent(todo: CalendarTodo): TodoEvent {
  const style = todoStyle(todo);
  const company = todo.contact.company?.name;
  return {
    id: String(todo.id),
    title: todo.task.description,
    start: todo.deadline,
    allDay: true,
    backgroundColor: style.backgroundColor,
    borderColor: style.borderColor,
    textColor: style.color,
    editable: !todo.isAccomplished,
    durationEditable: false,
    classNames: todo.isAccomplished ? ['bo-todo-event', 'bo-todo-event--accomplished'] : ['bo-todo-event'],
    extendedProps: {
      todoId: todo.id,
      isAccomplished: todo.isAccomplished,
      contact: company ? `${contactName(todo.contact)} (${company})` : contactName(todo.contact),
      contactName: contactName(todo.contact),
      company: company ?? null,
      notes: todo.notes,
    },
  };
}

// onlyPending (default false) removes accomplished todos from view; otherwise they are shown in grey.
export function todosToEvents(todos: readonly CalendarTodo[], options: { onlyPending?: boolean } = {}): TodoEvent[] {
  const shown = options.onlyPending ? todos.filter((todo) => !todo.isAccomplished) : todos;
  return shown.map(todoToEvent);
}
