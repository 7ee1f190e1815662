import type { Db } from '../db/database';
import { createAdminUserRepository } from './admin-users';
import { createCalendarFeedRepository } from './calendar-feed';
import { createCompanyRepository } from './companies';
import { createContactRecordRepository } from './contact-records';
import { createContactRepository } from './contacts';
import { createVersionReader, foldDataChanges, vacuumDataChanges } from '../freshness/data-version';
import { createHistoryRepository } from './history';
import { createNeedsSheetSettingsRepository } from './needs-sheet-settings';
import { createNeedsSheetRepository } from './needs-sheets';
import { createImportRepository } from './imports';
import { createPhraseRepository } from './phrases';
import { createReportRepository } from './reports';
import { createSecurityRepository } from './security';
import { createSessionRepository } from './sessions';
import { createTaskRepository } from './tasks';
import { createTeamRepository } from './team';
import { createTodoRepository } from './todos';
import { createUserRepository } from './users';

export function createRepositories(db: Db) {
  const history = createHistoryRepository(db);
  const contacts = createContactRepository(db);
  return {
    users: createUserRepository(db, history),
    adminUsers: createAdminUserRepository(db, history),
    security: createSecurityRepository(db),
    sessions: createSessionRepository(db),
    tasks: createTaskRepository(db, history),
    phrases: createPhraseRepository(db, history),
    calendarFeed: createCalendarFeedRepository(db),
    team: createTeamRepository(db),
    companies: createCompanyRepository(db, history),
    contacts,
    contactRecords: createContactRecordRepository(db, history),
    todos: createTodoRepository(db, history),
    needsSheets: createNeedsSheetRepository(db, history),
    needsSheetSettings: createNeedsSheetSettingsRepository(db),
    history,
    reports: createReportRepository(db),
    imports: createImportRepository(db),
    versions: createVersionReader(db),
    dataChanges: { fold: (minRows: number) => foldDataChanges(db, minRows), vacuum: () => vacuumDataChanges(db) },
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
