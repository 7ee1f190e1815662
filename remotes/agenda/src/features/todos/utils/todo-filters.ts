import { contactName, foldAccents, type Todo } from '@bo/contracts';
import { weekOf } from '@bo/todos';
import type { ListState } from '@bo/ui/list';

export const todoPeriods = ['all', 'late', 'today', 'week', 'upcoming', 'accomplished'] as const;
export type TodoPeriod = (typeof todoPeriods)[number];

export const periodLabels: Record<TodoPeriod, string> = {
  all: 'Toutes',
  late: 'En retard',
  today: 'Aujourd’hui',
  week: 'Cette semaine',
  upcoming: 'À venir',
  accomplished: 'Abouties',
};

export type TodoListFilters = { period: TodoPeriod; taskId: number | null; contactId: number | null; search: string };

export const initialListFilters: TodoListFilters = { period: 'all', taskId: null, contactId: null, search: '' };

// Late: still pending after its deadline.
export function isLate(todo: Pick<Todo, 'isAccomplished' | 'deadline'>, today: string): boolean {
  return !todo.isAccomplished && todo.deadline < today;
}

function inPeriod(todo: Todo, period: TodoPeriod, today: string): boolean {
  switch (period) {
    case 'all':
      return true;
    case 'late':
      return isLate(todo, today);
    case 'today':
      return todo.deadline === today;
    case 'week': {
      const week = weekOf(today);
      return todo.deadline >= week.start && todo.deadline <= week.end;
    }
    case 'upcoming':
      return !todo.isAccomplished && todo.deadline > today;
    case 'accomplished':
      return todo.isAccomplished;
  }
}

// Case and accents ignored: "lea" finds "Léa".
export function normalizeText(text: string): string {
  return foldAccents(text).trim();
}

export function todoMatches(todo: Todo, filters: TodoListFilters, today: string): boolean {
  const search = normalizeText(filters.search);
  return (
    inPeriod(todo, filters.period, today) &&
    (filters.taskId === null || todo.task.id === filters.taskId) &&
    (filters.contactId === null || todo.contact.id === filters.contactId) &&
    (search === '' || normalizeText(contactName(todo.contact)).includes(search))
  );
}

export function filterTodos(todos: readonly Todo[], filters: TodoListFilters, today: string): Todo[] {
  return todos.filter((todo) => todoMatches(todo, filters, today));
}

const idOf = (text: string | undefined): number | null => (text && /^\d+$/.test(text) ? Number(text) : null);

// The list's state (the page's address) as the filters of this list; an unknown period shows them all.
export function todoListFilters(state: Pick<ListState, 'search' | 'filters'>): TodoListFilters {
  const period = todoPeriods.find((name) => name === state.filters.period) ?? 'all';
  return { period, taskId: idOf(state.filters.taskId), contactId: idOf(state.filters.contactId), search: state.search };
}

// Pending and late first, then pending, then accomplished.
export function statusRank(todo: Pick<Todo, 'isAccomplished' | 'deadline'>, today: string): number {
  return todo.isAccomplished ? 2 : isLate(todo, today) ? 0 : 1;
}

export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}
