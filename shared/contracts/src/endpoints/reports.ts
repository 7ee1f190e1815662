import { z } from 'zod';
import { listPageSchema } from '../paging';
import { permission } from '../permissions';
import {
  directoryExportQuerySchema,
  directoryGroupSchema,
  directoryQuerySchema,
  historyReportExportQuerySchema,
  historyReportItemSchema,
  historyReportQuerySchema,
  reportSubjectSchema,
  reportSubjectsQuerySchema,
  statsQuerySchema,
  statsRowSchema,
  taskReportQuerySchema,
  taskReportRowSchema,
  taskReportTodoSchema,
  taskReportTodosQuerySchema,
} from '../reports';
import { endpointGroup } from './endpoint';

// The reports of /rapports/*: each computed by the database in one query or a few.
export const reportEndpoints = endpointGroup('reports', {
  reportSubjects: {
    method: 'GET',
    path: '/reports/subjects',
    summary:
      'Autocomplete of the history report: contacts and companies whose name contains q (accents and case ignored)',
    access: permission('report', 'read'),
    query: reportSubjectsQuerySchema,
    response: z.array(reportSubjectSchema),
  },
  historyReport: {
    method: 'GET',
    path: '/reports/history',
    summary:
      'A contact’s or a company’s story, newest first: todos (done and pending), changes, and the needs sheets’ ' +
      'creation and status changes (a contact’s: the sheets written for it; a company’s: its sheets); a company with ' +
      'all its contacts and, with subsidiaries=1, its subsidiaries’ (however deep); filters from, to, taskId, userId',
    access: permission('report', 'read'),
    query: historyReportQuerySchema,
    response: listPageSchema(historyReportItemSchema),
  },
  exportHistoryReport: {
    method: 'GET',
    path: '/reports/history/export',
    summary: 'The history report as CSV for French Excel (every entry, with its filters), streamed',
    access: permission('report', 'export'),
    query: historyReportExportQuerySchema,
    response: z.string(),
    produces: 'text/csv',
  },
  directoryReport: {
    method: 'GET',
    path: '/reports/directory',
    summary:
      'The directory, a page of groups: each head company with its active subsidiaries (however deep) and their active ' +
      'contacts; search on company name, SIRET, city and contact name (accents and case ignored)',
    access: permission('report', 'read'),
    query: directoryQuerySchema,
    response: listPageSchema(directoryGroupSchema),
  },
  exportDirectoryReport: {
    method: 'GET',
    path: '/reports/directory/export',
    summary: 'The directory as CSV for French Excel (every group, with its search), streamed',
    access: permission('report', 'export'),
    query: directoryExportQuerySchema,
    response: z.string(),
    produces: 'text/csv',
  },
  taskReport: {
    method: 'GET',
    path: '/reports/tasks',
    summary:
      'Todos of a period (by deadline, both days included) per user or per task type: planned, done, done late, still ' +
      'late, on-time rate; a businessLeader sees the team, an admin everyone',
    access: permission('teamReport', 'read'),
    query: taskReportQuerySchema,
    response: z.array(taskReportRowSchema),
  },
  taskReportTodos: {
    method: 'GET',
    path: '/reports/tasks/todos',
    summary: 'The todos behind a figure of the task report (figure, userId or taskId), a page at a time',
    access: permission('teamReport', 'read'),
    query: taskReportTodosQuerySchema,
    response: listPageSchema(taskReportTodoSchema),
  },
  exportTaskReport: {
    method: 'GET',
    path: '/reports/tasks/export',
    summary: 'The task report as CSV for French Excel',
    access: permission('teamReport', 'export'),
    query: taskReportQuerySchema,
    response: z.string(),
    produces: 'text/csv',
  },
  statsReport: {
    method: 'GET',
    path: '/reports/stats',
    summary:
      'Per month and per user: new contacts, contacts taken out of standby, contacts en veille at month end, todos done; ' +
      'the needs sheets they own opened (received), filled and lost (closed by a status that fills them or not), and ' +
      'the median days from received to filled; a businessLeader sees the team, an admin everyone',
    access: permission('teamReport', 'read'),
    query: statsQuerySchema,
    response: z.array(statsRowSchema),
  },
  exportStatsReport: {
    method: 'GET',
    path: '/reports/stats/export',
    summary: 'The statistics as CSV for French Excel',
    access: permission('teamReport', 'export'),
    query: statsQuerySchema,
    response: z.string(),
    produces: 'text/csv',
  },
});
