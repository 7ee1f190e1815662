import { z } from 'zod';
import { type CsvColumn } from '../csv';
import { messages } from '../rules';
import { wireCalendarDate } from '../wire';
import { orderedPeriod } from './fields';

// --- Statistics (/rapports/stats) ---

export const statsQuerySchema = z
  .object({ from: wireCalendarDate(), to: wireCalendarDate() })
  .refine(orderedPeriod, { message: messages.invalid, path: ['to'] })
  // At most five calendar years of months: a chart and a table stay readable. (A refinement runs on fields already
  // refused as well: it reads them as text, never as dates.)
  .refine((q) => !(Number(String(q.to).slice(0, 4)) - Number(String(q.from).slice(0, 4)) > 5), {
    message: messages.invalid,
    path: ['from'],
  });
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
  medianDaysToFill:
    'Médiane, sur les fiches pourvues dans le mois, des jours entre la réception et le changement de statut qui les a pourvues',
};

// --- CSV (French Excel: see csv.ts) ---

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
