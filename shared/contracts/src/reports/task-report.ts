import { z } from 'zod';
import { csvCell, type CsvColumn } from '../csv';
import { pageParams } from '../paging';
import { messages } from '../rules';
import { wireCalendarDate } from '../wire';
import { optionalId, orderedPeriod } from './fields';

// --- Task report (/rapports/taches) ---

// The definitions a figure of the task report rests on are written here once, beside the calls, for the server
// that computes them and the browser that explains them:
// - a todo belongs to the period its deadline falls in; `from` and `to` are calendar days, both included;
// - "done late": accomplished after its deadline day, the day of its execution read in Paris;
// - "late": still pending with a deadline before today (Paris);
// - the on-time rate is done on time / done, absent (null, not 0 %) when nothing was done.
export const reportDefinitions = {
  planned: 'Tâches dont l’échéance tombe dans la période',
  done: 'Tâches de la période abouties',
  doneLate: 'Abouties après le jour de leur échéance (heure de Paris)',
  late: 'Encore en attente, échéance dépassée',
  onTimeRate: 'Abouties à temps / abouties (sans objet quand rien n’est abouti)',
} as const;

export const taskReportGroupings = ['user', 'task'] as const;
export type TaskReportGrouping = (typeof taskReportGroupings)[number];

export const taskReportQuerySchema = z
  .object({
    from: wireCalendarDate(),
    to: wireCalendarDate(),
    groupBy: z.enum(taskReportGroupings, { error: messages.invalid }).default('user'),
  })
  .refine(orderedPeriod, { message: messages.invalid, path: ['to'] });
export type TaskReportQuery = z.input<typeof taskReportQuerySchema>;

export const taskReportRowSchema = z.object({
  userId: z.number().int().nullable(),
  trigram: z.string().nullable(),
  taskId: z.number().int().nullable(),
  description: z.string().nullable(),
  planned: z.number().int(),
  done: z.number().int(),
  doneLate: z.number().int(),
  late: z.number().int(),
  // Between 0 and 1; null when nothing was done.
  onTimeRate: z.number().nullable(),
});
export type TaskReportRow = z.infer<typeof taskReportRowSchema>;

// The todos behind a figure of the task report.
export const taskReportFigures = ['planned', 'done', 'doneLate', 'late'] as const;
export type TaskReportFigure = (typeof taskReportFigures)[number];
export const taskReportTodosQuerySchema = z
  .object({
    from: wireCalendarDate(),
    to: wireCalendarDate(),
    figure: z.enum(taskReportFigures, { error: messages.invalid }),
    userId: optionalId(),
    taskId: optionalId(),
    ...pageParams,
  })
  .refine(orderedPeriod, { message: messages.invalid, path: ['to'] });
export type TaskReportTodosQuery = z.input<typeof taskReportTodosQuerySchema>;

export const taskReportTodoSchema = z.object({
  id: z.number().int(),
  deadline: z.string(),
  executionDate: z.string().nullable(),
  isAccomplished: z.boolean(),
  task: z.object({ id: z.number().int(), description: z.string() }),
  owner: z.object({ id: z.number().int(), trigram: z.string() }),
  contact: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  companyName: z.string().nullable(),
});
export type TaskReportTodo = z.infer<typeof taskReportTodoSchema>;

// --- CSV (French Excel: see csv.ts) ---

// The on-time rate as French Excel and a reader read it: "87,5 %", empty when nothing was done.
export function formatRate(rate: number | null): string {
  return rate === null ? '' : `${csvCell(Math.round(rate * 1000) / 10)} %`;
}

export const taskReportCsvColumns = (groupBy: TaskReportGrouping): readonly CsvColumn<TaskReportRow>[] => [
  groupBy === 'user'
    ? { title: 'Utilisateur', value: (r) => r.trigram }
    : { title: 'Type de tâche', value: (r) => r.description },
  { title: 'Prévues', value: (r) => r.planned },
  { title: 'Abouties', value: (r) => r.done },
  { title: 'Abouties en retard', value: (r) => r.doneLate },
  { title: 'En retard', value: (r) => r.late },
  { title: 'Taux à temps', value: (r) => formatRate(r.onTimeRate) },
];
