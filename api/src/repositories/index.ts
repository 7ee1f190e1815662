import type { Db } from '../db/database';
import { createContactRepository } from './contacts';
import { foldDataChanges } from './data-version';
import { createHistoryRepository } from './history';
import { createSecurityRepository } from './security';
import { createTaskRepository } from './tasks';
import { createTodoRepository } from './todos';
import { createUserRepository } from './users';

export function createRepositories(db: Db) {
  const history = createHistoryRepository();
  const contacts = createContactRepository(db, history);
  return {
    users: createUserRepository(db),
    security: createSecurityRepository(db),
    tasks: createTaskRepository(db),
    contacts,
    todos: createTodoRepository(db, contacts, history),
    history,
    dataChanges: { fold: (minRows: number) => foldDataChanges(db, minRows) },
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
