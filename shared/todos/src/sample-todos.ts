import { addDays, type StandbyLists, type Todo } from '@bo/contracts';
import type { CalendarTodo } from './todo-events';

// Sample data for the showroom pages and the tests: task types in several styles, todos around a given day.
export const sampleTasks = [
  {
    id: 1,
    description: 'Appel de suivi',
    style: { backgroundColor: '#1565c0', borderColor: '#0d47a1', color: '#ffffff' },
  },
  {
    id: 2,
    description: 'Rendez-vous client',
    style: { backgroundColor: '#2e7d32', borderColor: '#1b5e20', color: '#ffffff' },
  },
  {
    id: 3,
    description: 'Relance e-mail',
    style: { backgroundColor: '#ffb300', borderColor: '#ff8f00', color: '#000000' },
  },
  {
    id: 4,
    description: 'Envoi de proposition',
    style: { backgroundColor: '#6a1b9a', borderColor: '#4a148c', color: '#ffffff' },
  },
] as const;

const people = [
  { id: 11, firstName: 'Camille', lastName: 'Martin', company: { name: 'Atelier Lumière' } },
  { id: 12, firstName: 'Hugo', lastName: 'Bernard', company: { name: 'Transports Durand' } },
  { id: 13, firstName: 'Léa', lastName: 'Petit', company: null },
  { id: 14, firstName: 'Nicolas', lastName: 'Robert', company: { name: 'Boulangerie Moreau' } },
];

export function sampleTodos(today: string): CalendarTodo[] {
  const todos: CalendarTodo[] = [];
  let id = 100;
  for (let offset = -12; offset <= 20; offset += 2) {
    id += 1;
    const task = sampleTasks[Math.abs(offset) % sampleTasks.length];
    const contact = people[Math.abs(offset / 2) % people.length];
    todos.push({
      id,
      deadline: addDays(today, offset),
      // Past todos are mostly accomplished: the grey style shows beside the task colours.
      isAccomplished: offset < 0 && offset % 4 === 0,
      notes: offset < 0 ? 'Point fait au téléphone.' : 'À préparer.',
      task: { id: task.id, description: task.description, style: { ...task.style } },
      contact: { ...contact },
    });
  }
  return todos;
}

const summary = (id: number, firstName: string, lastName: string, ownerId: number, company: string | null) => ({
  id,
  title: 'madam' as const,
  firstName,
  lastName,
  jobTitle: null,
  company: company ? { id: id + 1000, name: company } : null,
  ownerId,
  isActive: false,
});

export function sampleStandbyLists(): StandbyLists {
  const mine = [summary(21, 'Inès', 'Girard', 1, 'Cabinet Roux'), summary(22, 'Paul', 'Fournier', 1, null)];
  const team = [summary(23, 'Zoé', 'Lambert', 2, 'Garage Faure')];
  const others = [summary(24, 'Louis', 'Bonnet', 3, 'Imprimerie Mercier')];
  return { myContacts: mine, teamContacts: team, allContacts: [...mine, ...team, ...others] };
}

let nextTodoId = 1;

// A whole todo as the API sends it, pending, for tests that need the full shape.
export function sampleTodo(deadline: string, patch: Partial<Todo> = {}): Todo {
  const id = nextTodoId++;
  return {
    id,
    deadline,
    executionDate: null,
    notes: '',
    comment: null,
    isAccomplished: false,
    isActive: true,
    created_at: '2026-01-01T00:00:00.000Z',
    task: {
      id: 1,
      description: 'Appel',
      style: { backgroundColor: '#112233', borderColor: '#000000', color: '#ffffff' },
      isActive: true,
    },
    contact: {
      id: 7,
      title: 'madam',
      firstName: 'Léa',
      lastName: 'Petit',
      jobTitle: null,
      company: null,
      ownerId: 1,
      isActive: true,
    },
    owner: { id: 1, trigram: 'COM' },
    replacementId: null,
    version: 0,
    replacement: null,
    ...patch,
  };
}
