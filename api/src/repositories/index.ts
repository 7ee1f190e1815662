import type { Db } from '../db/database';
import { createAdminUserRepository } from './admin-users';
import { createCalendarFeedRepository } from './calendar-feed';
import { createCompanyRepository } from './companies';
import { createContactRepository } from './contacts';
import { createContactSummaryRepository } from './contact-summaries';
import { createDigestRepository } from './digests';
import { createVersionReader, foldDataChanges, vacuumDataChanges } from '../freshness/data-version';
import { createHistoryRepository } from './history';
import { createNeedsSheetModelRepository } from './needs-sheet-models';
import { createNeedsSheetStatusRepository } from './needs-sheet-statuses';
import { createNeedsSheetRepository } from './needs-sheets';
import { createNotificationRepository } from './notifications';
import { createImportRepository } from './import';
import { createPhraseRepository } from './phrases';
import { createReportRepository } from './reports';
import { createSearchRepository } from './search';
import { createSecurityRepository } from './security';
import { createSessionRepository } from './sessions';
import { createTaskTypeRepository } from './task-types';
import { createTeamRepository } from './team';
import { createTodoRepository } from './todos';
import { createUserRepository } from './users';

export function createRepositories(db: Db) {
  const history = createHistoryRepository(db);
  return {
    users: createUserRepository(db, history),
    adminUsers: createAdminUserRepository(db, history),
    security: createSecurityRepository(db),
    sessions: createSessionRepository(db),
    taskTypes: createTaskTypeRepository(db, history),
    phrases: createPhraseRepository(db, history),
    calendarFeed: createCalendarFeedRepository(db),
    team: createTeamRepository(db),
    companies: createCompanyRepository(db, history),
    contactSummaries: createContactSummaryRepository(db),
    contacts: createContactRepository(db, history),
    todos: createTodoRepository(db, history),
    needsSheets: createNeedsSheetRepository(db, history),
    needsSheetModels: createNeedsSheetModelRepository(db),
    needsSheetStatuses: createNeedsSheetStatusRepository(db),
    notifications: createNotificationRepository(db),
    digests: createDigestRepository(db),
    search: createSearchRepository(db),
    history,
    reports: createReportRepository(db),
    import: createImportRepository(db),
    versions: createVersionReader(db),
    dataChanges: { fold: (minRows: number) => foldDataChanges(db, minRows), vacuum: () => vacuumDataChanges(db) },
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
