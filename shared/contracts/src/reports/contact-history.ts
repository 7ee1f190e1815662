import { z } from 'zod';
import { frenchDate, frenchDateTime, type CsvColumn } from '../csv';
import { historyActionLabels, historyChangesSchema, historyNamesSchema } from '../history';
import { historyChangeLines } from '../history-lines';
import { pageParams } from '../paging';
import { recordHistoryLabels } from '../record-labels';
import { messages } from '../rules';
import { taskStyleSchema } from '../task';
import { hasNoNul } from '../validation';
import { wireBoolean } from '../wire';
import { optionalDate, optionalId, orderedPeriod } from './fields';

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
  q: z
    .string({ error: messages.invalid })
    .trim()
    .min(2, messages.invalid)
    .max(100, messages.invalid)
    .refine(hasNoNul, messages.invalid),
});

// Exactly one subject: a contact or a company. API callers read the rule on both parameters.
const oneSubject = (q: { contactId?: number; companyId?: number }) =>
  (q.contactId === undefined) !== (q.companyId === undefined);
const oneSubjectRule =
  'Exactly one of contactId and companyId: the contact, or the company with its contacts (dataInvalid on contactId otherwise)';
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

// --- CSV (French Excel: see csv.ts) ---

// A change's fields as one line, as the record panels tell them: "Ville : Lyon → Paris, Fonction : (vide) → DRH".
export function changeSummary(
  change: Pick<NonNullable<HistoryReportItem['change']>, 'entity' | 'changes' | 'names'>,
): string {
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
  {
    title: 'Date',
    value: (i) => (i.todo && !i.todo.isAccomplished ? frenchDate(i.todo.deadline) : frenchDateTime(i.at)),
  },
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
