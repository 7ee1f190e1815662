import type { Db } from '../../db/database';
import { createContactHistoryReport } from './contact-history';
import { createDirectoryReport } from './directory';
import { createStatsReport } from './stats';
import { createTaskReport } from './task-report';

export type { ReportScope } from './sql';

// The four reports, one file each, as the reports remote has one feature folder each.
export function createReportRepository(db: Db) {
  return {
    ...createContactHistoryReport(db),
    ...createDirectoryReport(db),
    ...createTaskReport(db),
    ...createStatsReport(db),
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
