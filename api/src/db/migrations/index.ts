import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-21-0001-initial-schema';
import * as readIndexes from './2026-11-21-0002-read-indexes';
import * as dataVersion from './2026-11-22-0003-data-version';
import * as loginThrottle from './2026-11-23-0004-login-throttle';
import * as dataChangeLog from './2026-11-23-0005-data-change-log';
import * as companyContactSearch from './2026-11-23-0010-company-contact-search';
import * as calendarFeed from './2026-11-23-0011-calendar-feed';
import * as taskOrderPhrases from './2026-11-23-0012-task-order-phrases';
import * as listSortKeys from './2026-11-24-0013-list-sort-keys';
import * as contactTodoIndexes from './2026-11-24-0014-contact-todo-indexes';
import * as userSessions from './2026-11-25-0015-user-sessions';
import * as needsSheets from './2026-11-25-0016-needs-sheets';
import * as reportIndexes from './2026-11-25-0017-report-indexes';
import * as importBatch from './2026-11-25-0018-import-batch';
import * as userSessionList from './2026-11-25-0019-user-session-list';
import * as needsSheetOutcomes from './2026-11-26-0020-needs-sheet-outcomes';
import * as contactNextDeadline from './2026-11-26-0021-contact-next-deadline';
import * as needsSheetListIndexes from './2026-11-26-0022-needs-sheet-list-indexes';
import * as contactListFilters from './2026-11-26-0023-contact-list-filters';
import * as needsSheetChangeLog from './2026-11-26-0024-needs-sheet-change-log';
import * as contactImportCosts from './2026-11-26-0025-contact-import-costs';
import * as calendarFeedIndex from './2026-11-26-0026-calendar-feed-index';
import * as needsSheetTerms from './2026-11-26-0027-needs-sheet-terms';
import * as contactNameWalkIndex from './2026-11-26-0028-contact-name-walk-index';
import * as recordInvariants from './2026-11-27-0029-record-invariants';
import * as needsSheetReferenceSequence from './2026-11-27-0030-needs-sheet-reference-sequence';
import * as needsSheetVersion from './2026-11-27-0031-needs-sheet-version';
import * as todoVersion from './2026-11-27-0032-todo-version';
import * as readableTaskColours from './2026-11-27-0033-readable-task-colours';
import * as reportDays from './2026-11-27-0034-report-days';
import * as contactCreatedSpans from './2026-11-28-0035-contact-created-spans';
import * as liveChanges from './2026-11-28-0036-live-changes';
import * as notifications from './2026-11-28-0037-notifications';
import * as dailyDigest from './2026-11-28-0038-daily-digest';
import * as needsSheetSearchKey from './2026-11-28-0039-needs-sheet-search-key';
import * as needsSheetSearchPrefixes from './2026-11-28-0040-needs-sheet-search-prefixes';

// Listed explicitly (not read from the folder) so the set of migrations is part of the code under test.
// Names are dated; Kysely applies them in name order.
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial-schema': initialSchema,
  '2026-11-21-0002-read-indexes': readIndexes,
  '2026-11-22-0003-data-version': dataVersion,
  '2026-11-23-0004-login-throttle': loginThrottle,
  '2026-11-23-0005-data-change-log': dataChangeLog,
  '2026-11-23-0010-company-contact-search': companyContactSearch,
  '2026-11-23-0011-calendar-feed': calendarFeed,
  '2026-11-23-0012-task-order-phrases': taskOrderPhrases,
  '2026-11-24-0013-list-sort-keys': listSortKeys,
  '2026-11-24-0014-contact-todo-indexes': contactTodoIndexes,
  '2026-11-25-0015-user-sessions': userSessions,
  '2026-11-25-0016-needs-sheets': needsSheets,
  '2026-11-25-0017-report-indexes': reportIndexes,
  '2026-11-25-0018-import-batch': importBatch,
  '2026-11-25-0019-user-session-list': userSessionList,
  '2026-11-26-0020-needs-sheet-outcomes': needsSheetOutcomes,
  '2026-11-26-0021-contact-next-deadline': contactNextDeadline,
  '2026-11-26-0022-needs-sheet-list-indexes': needsSheetListIndexes,
  '2026-11-26-0023-contact-list-filters': contactListFilters,
  '2026-11-26-0024-needs-sheet-change-log': needsSheetChangeLog,
  '2026-11-26-0025-contact-import-costs': contactImportCosts,
  '2026-11-26-0026-calendar-feed-index': calendarFeedIndex,
  '2026-11-26-0027-needs-sheet-terms': needsSheetTerms,
  '2026-11-26-0028-contact-name-walk-index': contactNameWalkIndex,
  '2026-11-27-0029-record-invariants': recordInvariants,
  '2026-11-27-0030-needs-sheet-reference-sequence': needsSheetReferenceSequence,
  '2026-11-27-0031-needs-sheet-version': needsSheetVersion,
  '2026-11-27-0032-todo-version': todoVersion,
  '2026-11-27-0033-readable-task-colours': readableTaskColours,
  '2026-11-27-0034-report-days': reportDays,
  '2026-11-28-0035-contact-created-spans': contactCreatedSpans,
  '2026-11-28-0036-live-changes': liveChanges,
  '2026-11-28-0037-notifications': notifications,
  '2026-11-28-0038-daily-digest': dailyDigest,
  '2026-11-28-0039-needs-sheet-search-key': needsSheetSearchKey,
  '2026-11-28-0040-needs-sheet-search-prefixes': needsSheetSearchPrefixes,
};
