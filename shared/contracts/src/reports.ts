import { z } from 'zod';
import { csvCell, frenchDate, type CsvColumn } from './csv';
import { addDays, BUSINESS_TIME_ZONE } from './dates';
import { historyActionLabels, historyChangesSchema, historyNamesSchema } from './history';
import { historyChangeLines } from './history-lines';
import { pageParams } from './paging';
import { contactFieldLabels, EMAIL_FILE_LABEL, recordHistoryLabels } from './record-labels';
import { messages } from './rules';
import { taskStyleSchema } from './task';
import { personTitleLabels, personTitles } from './user';
import { fields, formatPhone, hasNoNul } from './validation';
import { wireBoolean, wireCalendarDate } from './wire';

// The reports of /rapports/* (issue 20). The definitions a figure rests on are written here once, beside the
// calls, for the server that computes them and the browser that explains them:
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

const optionalDate = () => z.preprocess((value) => (value === '' ? undefined : value), wireCalendarDate().optional());
const optionalId = () => z.preprocess((value) => (value === '' ? undefined : value), fields.id().optional());
const search = z.string({ error: messages.invalid }).trim().max(100, messages.invalid).refine(hasNoNul, messages.invalid);

// A period whose end is not before its start.
const orderedPeriod = <T extends { from?: string; to?: string }>(q: T) => !q.from || !q.to || q.from <= q.to;

// --- Periods ---

export const periodPresets = ['week', 'month', 'lastMonth', 'quarter', 'year', 'custom'] as const;
export type PeriodPreset = (typeof periodPresets)[number];
export const periodPresetLabels: Record<PeriodPreset, string> = {
  week: 'Cette semaine',
  month: 'Ce mois',
  lastMonth: 'Le mois dernier',
  quarter: 'Ce trimestre',
  year: 'Cette année',
  custom: 'Période choisie',
};

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

// The calendar days of a preset around `today` (yyyy-MM-dd), both included; weeks start on Monday.
export function periodRange(preset: Exclude<PeriodPreset, 'custom'>, today: string): { from: string; to: string } {
  const [y, m, d] = today.split('-').map(Number);
  switch (preset) {
    case 'week': {
      const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
      const from = addDays(today, -weekday);
      return { from, to: addDays(from, 6) };
    }
    case 'month':
      return { from: iso(y, m, 1), to: iso(y, m + 1, 0) };
    case 'lastMonth':
      return { from: iso(y, m - 1, 1), to: iso(y, m, 0) };
    case 'quarter': {
      const first = Math.floor((m - 1) / 3) * 3 + 1;
      return { from: iso(y, first, 1), to: iso(y, first + 3, 0) };
    }
    case 'year':
      return { from: iso(y, 1, 1), to: iso(y, 12, 31) };
  }
}

// --- Contact and group history (/rapports/historique-contact) ---

export const reportSubjectKinds = ['contact', 'company'] as const;
export const reportSubjectSchema = z.object({
  kind: z.enum(reportSubjectKinds),
  id: z.number().int(),
  label: z.string(),
  // The company of a contact; the parent of a subsidiary.
  detail: z.string().nullable(),
  // A company with subsidiaries: "Inclure les filiales" is offered, on by default.
  hasSubsidiaries: z.boolean(),
});
export type ReportSubject = z.infer<typeof reportSubjectSchema>;

export const reportSubjectsQuerySchema = z.object({
  q: z.string({ error: messages.invalid }).trim().min(2, messages.invalid).max(100, messages.invalid).refine(hasNoNul, messages.invalid),
});

// Exactly one subject: a contact or a company. API callers read the rule on both parameters.
const oneSubject = (q: { contactId?: number; companyId?: number }) => (q.contactId === undefined) !== (q.companyId === undefined);
const oneSubjectRule = 'Exactly one of contactId and companyId: the contact, or the company with its contacts (dataInvalid on contactId otherwise)';
const historyReportFilters = {
  contactId: optionalId().meta({ description: oneSubjectRule }),
  companyId: optionalId().meta({ description: oneSubjectRule }),
  subsidiaries: wireBoolean.default(true),
  from: optionalDate(),
  to: optionalDate(),
  taskId: optionalId(),
  userId: optionalId(),
};

export const historyReportQuerySchema = z
  .object({ ...historyReportFilters, ...pageParams })
  .refine(oneSubject, { message: messages.invalid, path: ['contactId'] })
  .refine(orderedPeriod, { message: messages.invalid, path: ['to'] });
export const historyReportExportQuerySchema = z
  .object(historyReportFilters)
  .refine(oneSubject, { message: messages.invalid, path: ['contactId'] })
  .refine(orderedPeriod, { message: messages.invalid, path: ['to'] });
export type HistoryReportQuery = z.input<typeof historyReportQuerySchema>;
export type HistoryReportFilters = z.output<typeof historyReportExportQuerySchema>;

// A todo, a change to a company or a contact, or a step of a needs sheet (its creation, a status change).
export const historyReportKinds = ['todo', 'change', 'needsSheet'] as const;
export type HistoryReportKind = (typeof historyReportKinds)[number];

export const needsSheetStepActions = ['create', 'status'] as const;
export type NeedsSheetStepAction = (typeof needsSheetStepActions)[number];
export const needsSheetStepLabels: Record<NeedsSheetStepAction, string> = {
  create: 'Création de la fiche de besoin',
  status: 'Changement de statut de la fiche de besoin',
};
const statusBrief = z.object({ id: z.number().int(), label: z.string(), color: z.string() });

export const historyReportItemSchema = z.object({
  // A todo's place in time is its execution when done, its deadline (start of the day, Paris) while pending.
  at: z.string(),
  kind: z.enum(historyReportKinds),
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  contactId: z.number().int().nullable(),
  contactName: z.string().nullable(),
  userId: z.number().int().nullable(),
  trigram: z.string().nullable(),
  todo: z
    .object({
      task: z.object({ id: z.number().int(), description: z.string(), style: taskStyleSchema }),
      deadline: z.string(),
      executionDate: z.string().nullable(),
      isAccomplished: z.boolean(),
      notes: z.string(),
      comment: z.string().nullable(),
    })
    .nullable(),
  change: z
    .object({
      entity: z.enum(['company', 'contact']),
      action: z.string(),
      changes: historyChangesSchema,
      names: historyNamesSchema,
    })
    .nullable(),
  // A needs sheet of the subject: its company, and the contact it was written for.
  needsSheet: z
    .object({
      id: z.number().int(),
      reference: z.string(),
      title: z.string(),
      action: z.enum(needsSheetStepActions),
      // The status the sheet entered (its first one, at its creation), by its name today; null for a comment
      // that left the status as it was.
      status: statusBrief.nullable(),
      // The status it left.
      previousStatus: statusBrief.nullable(),
      comment: z.string().nullable(),
    })
    .nullable(),
});
export type HistoryReportItem = z.infer<typeof historyReportItemSchema>;

// --- Directory (/rapports/annuaire) ---

const directorySearch = { search: z.preprocess((value) => (value === '' ? undefined : value), search.optional()) };
export const directoryQuerySchema = z.object({ ...directorySearch, ...pageParams });
export const directoryExportQuerySchema = z.object(directorySearch);
export type DirectoryQuery = z.input<typeof directoryQuerySchema>;

export const directoryContactSchema = z.object({
  id: z.number().int(),
  title: z.enum(personTitles),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type DirectoryContact = z.infer<typeof directoryContactSchema>;

export const directoryCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  parentId: z.number().int().nullable(),
  // 0 for the group's head, 1 for its subsidiaries, and so on.
  depth: z.number().int(),
  contacts: z.array(directoryContactSchema),
});
export type DirectoryCompany = z.infer<typeof directoryCompanySchema>;

// One group: its head first, then each subsidiary after its parent.
export const directoryGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  companies: z.array(directoryCompanySchema),
});
export type DirectoryGroup = z.infer<typeof directoryGroupSchema>;

// A CSV line of the directory: a company, or one of its contacts.
export type DirectoryCsvRow = {
  group: string;
  company: string;
  parent: string | null;
  city: string | null;
  contact: DirectoryContact | null;
};

// --- Task report (/rapports/taches) ---

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

// --- Statistics (/rapports/stats) ---

export const statsQuerySchema = z
  .object({ from: wireCalendarDate(), to: wireCalendarDate() })
  .refine(orderedPeriod, { message: messages.invalid, path: ['to'] })
  // At most five calendar years of months: a chart and a table stay readable. (A refinement runs on fields already
  // refused as well: it reads them as text, never as dates.)
  .refine((q) => !(Number(String(q.to).slice(0, 4)) - Number(String(q.from).slice(0, 4)) > 5), { message: messages.invalid, path: ['from'] });
export type StatsQuery = z.input<typeof statsQuerySchema>;

export const statsRowSchema = z.object({
  // yyyy-MM
  month: z.string(),
  userId: z.number().int(),
  trigram: z.string(),
  newContacts: z.number().int(),
  activatedContacts: z.number().int(),
  standbyAtMonthEnd: z.number().int(),
  todosDone: z.number().int(),
  // The needs sheets the user owns (see needsSheetStatsDefinitions).
  sheetsOpened: z.number().int(),
  sheetsFilled: z.number().int(),
  sheetsLost: z.number().int(),
  // In days; null when no sheet was filled that month.
  medianDaysToFill: z.number().nullable(),
});
export type StatsRow = z.infer<typeof statsRowSchema>;

export const statsFigureLabels = {
  newContacts: 'Nouveaux contacts',
  activatedContacts: 'Contacts sortis de veille',
  standbyAtMonthEnd: 'Contacts en veille en fin de mois',
  todosDone: 'Tâches abouties',
} as const;
export type StatsFigure = keyof typeof statsFigureLabels;

// The needs sheets in the statistics, counted for their owner: a month's flows, which add up over a period.
export const needsSheetStatsLabels = {
  sheetsOpened: 'Fiches ouvertes',
  sheetsFilled: 'Fiches pourvues',
  sheetsLost: 'Fiches perdues ou annulées',
} as const;
export type NeedsSheetStatsFigure = keyof typeof needsSheetStatsLabels;
export const MEDIAN_DAYS_TO_FILL_LABEL = 'Délai médian pour pourvoir (jours)';
export const needsSheetStatsDefinitions: Record<NeedsSheetStatsFigure | 'medianDaysToFill', string> = {
  sheetsOpened: 'Fiches reçues dans le mois (date de réception)',
  sheetsFilled: 'Fiches passées dans le mois à un statut qui les clôt comme pourvues',
  sheetsLost: 'Fiches passées dans le mois à un statut qui les clôt sans les pourvoir (perdues, annulées)',
  medianDaysToFill: 'Médiane, sur les fiches pourvues dans le mois, des jours entre la réception et le changement de statut qui les a pourvues',
};

// --- CSV (French Excel: see csv.ts) ---

let timeFormat: Intl.DateTimeFormat | null = null;
// An instant as dd/MM/yyyy HH:mm, read in Paris.
export function frenchDateTime(value: string): string {
  timeFormat ??= new Intl.DateTimeFormat('fr-FR', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
  return `${frenchDate(value)} ${timeFormat.format(new Date(value))}`;
}

// A change's fields as one line, as the record panels tell them: "Ville : Lyon → Paris, Fonction : (vide) → DRH".
export function changeSummary(change: Pick<NonNullable<HistoryReportItem['change']>, 'entity' | 'changes' | 'names'>): string {
  return historyChangeLines(change.changes, change.names, recordHistoryLabels(change.entity))
    .map((line) => line.text)
    .join(', ');
}

function historyEntryType(i: HistoryReportItem): string | undefined {
  if (i.todo) return i.todo.isAccomplished ? 'Tâche aboutie' : 'Tâche en attente';
  if (i.needsSheet) return needsSheetStepLabels[i.needsSheet.action];
  return historyActionLabels[i.change?.action ?? ''] ?? i.change?.action;
}

// A needs sheet's status step: "En cours → Pourvu", or the status it was created in.
export function needsSheetStepStatus(step: NonNullable<HistoryReportItem['needsSheet']>): string | null {
  if (step.status === null) return null;
  return step.previousStatus === null ? step.status.label : `${step.previousStatus.label} → ${step.status.label}`;
}

export const historyReportCsvColumns: readonly CsvColumn<HistoryReportItem>[] = [
  { title: 'Date', value: (i) => (i.todo && !i.todo.isAccomplished ? frenchDate(i.todo.deadline) : frenchDateTime(i.at)) },
  { title: 'Type', value: historyEntryType },
  { title: 'Société', value: (i) => i.companyName },
  { title: 'Contact', value: (i) => i.contactName },
  { title: 'Utilisateur', value: (i) => i.trigram },
  { title: 'Tâche', value: (i) => i.todo?.task.description },
  { title: 'Échéance', value: (i) => (i.todo ? frenchDate(i.todo.deadline) : null) },
  { title: 'Exécutée le', value: (i) => (i.todo?.executionDate ? frenchDate(i.todo.executionDate) : null) },
  { title: 'Notes', value: (i) => i.todo?.notes },
  { title: 'Commentaire', value: (i) => i.todo?.comment ?? i.needsSheet?.comment },
  { title: 'Modifications', value: (i) => (i.change ? changeSummary(i.change) : null) },
  { title: 'Fiche de besoin', value: (i) => (i.needsSheet ? `${i.needsSheet.reference} ${i.needsSheet.title}` : null) },
  { title: 'Statut', value: (i) => (i.needsSheet ? needsSheetStepStatus(i.needsSheet) : null) },
];

export const directoryCsvColumns: readonly CsvColumn<DirectoryCsvRow>[] = [
  { title: 'Groupe', value: (r) => r.group },
  { title: 'Société', value: (r) => r.company },
  { title: 'Société mère', value: (r) => r.parent },
  { title: 'Ville', value: (r) => r.city },
  { title: contactFieldLabels.title, value: (r) => (r.contact ? personTitleLabels[r.contact.title] : null) },
  { title: contactFieldLabels.firstName, value: (r) => r.contact?.firstName },
  { title: contactFieldLabels.lastName, value: (r) => r.contact?.lastName },
  { title: contactFieldLabels.jobTitle, value: (r) => r.contact?.jobTitle },
  { title: contactFieldLabels.phone, value: (r) => (r.contact?.phone ? formatPhone(r.contact.phone) : null) },
  { title: EMAIL_FILE_LABEL, value: (r) => r.contact?.email },
];

// The on-time rate as French Excel and a reader read it: "87,5 %", empty when nothing was done.
export function formatRate(rate: number | null): string {
  return rate === null ? '' : `${csvCell(Math.round(rate * 1000) / 10)} %`;
}

export const taskReportCsvColumns = (groupBy: TaskReportGrouping): readonly CsvColumn<TaskReportRow>[] => [
  groupBy === 'user' ? { title: 'Utilisateur', value: (r) => r.trigram } : { title: 'Type de tâche', value: (r) => r.description },
  { title: 'Prévues', value: (r) => r.planned },
  { title: 'Abouties', value: (r) => r.done },
  { title: 'Abouties en retard', value: (r) => r.doneLate },
  { title: 'En retard', value: (r) => r.late },
  { title: 'Taux à temps', value: (r) => formatRate(r.onTimeRate) },
];

export const statsCsvColumns: readonly CsvColumn<StatsRow>[] = [
  { title: 'Mois', value: (r) => `${r.month.slice(5, 7)}/${r.month.slice(0, 4)}` },
  { title: 'Utilisateur', value: (r) => r.trigram },
  { title: statsFigureLabels.newContacts, value: (r) => r.newContacts },
  { title: statsFigureLabels.activatedContacts, value: (r) => r.activatedContacts },
  { title: statsFigureLabels.standbyAtMonthEnd, value: (r) => r.standbyAtMonthEnd },
  { title: statsFigureLabels.todosDone, value: (r) => r.todosDone },
  { title: needsSheetStatsLabels.sheetsOpened, value: (r) => r.sheetsOpened },
  { title: needsSheetStatsLabels.sheetsFilled, value: (r) => r.sheetsFilled },
  { title: needsSheetStatsLabels.sheetsLost, value: (r) => r.sheetsLost },
  { title: MEDIAN_DAYS_TO_FILL_LABEL, value: (r) => r.medianDaysToFill },
];
